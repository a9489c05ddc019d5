import type { Service } from '@affiliate-commerce/core';
import { testPaymentMethodIds as ids, type SandboxProcessor } from '@affiliate-commerce/core/sandbox';
import type { HttpCase, HttpCaseExpectation, HttpCaseRequest } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';

/** The payment-methods collection path. */
export const methodsPath = '/v2/affiliatePaymentMethods';

/** A bank account already attached to a customer no test affiliate has. */
export const elsewhereBankId = 'pm_usBankAccount_elsewhere';

/** A bank account no setup-intent flow attached yet. */
export const unlinkedBankId = 'pm_usBankAccount_unlinked';

/** A third attachable card, for tables whose setup already used visa and mastercard. */
export const amexId = 'pm_card_amex';

/**
 * The sandbox processor behind a test service, to add methods or make it fail. Tables run on
 * `testService()`, whose processor is a fresh sandbox per service.
 *
 * @example
 * sandboxOf(service).failNext();
 */
export function sandboxOf(service: Service): SandboxProcessor {
  const processor = service.deps.processor as Partial<SandboxProcessor>;
  if (typeof processor.failNext !== 'function' || typeof processor.addPaymentMethod !== 'function') {
    throw new TypeError(
      '@affiliate-commerce/testkit: this table needs the sandbox processor of testService()',
    );
  }
  return processor as SandboxProcessor;
}

/**
 * Adds the extra methods the tables use to a test service's sandbox.
 *
 * @example
 * addTableMethods(service);
 */
export function addTableMethods(service: Service): void {
  const sandbox = sandboxOf(service);
  sandbox.addPaymentMethod({
    method: {
      id: elsewhereBankId,
      type: 'us_bank_account',
      customerId: 'cus_elsewhere',
      bankName: 'STRIPE TEST BANK',
      last4: '1116',
      accountType: 'savings',
    },
  });
  sandbox.addPaymentMethod({
    method: { id: unlinkedBankId, type: 'us_bank_account', bankName: 'STRIPE TEST BANK', last4: '4321' },
  });
  sandbox.addPaymentMethod({
    method: { id: amexId, type: 'card', brand: 'amex', last4: '8431', expMonth: 1, expYear: 2031 },
  });
}

/**
 * `POST /v2/affiliatePaymentMethods` with a JSON body.
 *
 * @example
 * addRequest({ paymentMethodId: 'pm_card_visa' })
 */
export const addRequest = (body: unknown, token: string = testTokens.admin): HttpCaseRequest => ({
  method: 'POST',
  path: methodsPath,
  token,
  body,
});

/**
 * `GET /v2/affiliatePaymentMethods`.
 *
 * @example
 * listRequest(testTokens.agent)
 */
export const listRequest = (token: string = testTokens.admin): HttpCaseRequest => ({
  method: 'GET',
  path: methodsPath,
  token,
});

/**
 * `POST /v2/affiliatePaymentMethods/{id}/actions/setDefault`.
 *
 * @example
 * setDefaultRequest('pm_card_mastercard')
 */
export const setDefaultRequest = (
  paymentMethodId: string,
  token: string = testTokens.admin,
): HttpCaseRequest => ({
  method: 'POST',
  path: `${methodsPath}/${paymentMethodId}/actions/setDefault`,
  token,
});

/**
 * The docs/api.md §2.4 views of the sandbox's test methods, as aff_1's profile `bp_1` answers them.
 *
 * @example
 * { success: true, data: views.visa(true) }
 */
export const views = {
  visa: (isDefault: boolean, billingProfileId = 'bp_1') => ({
    paymentMethodId: ids.visa,
    billingProfileId,
    paymentMethodDetails: {
      type: 'card',
      last4: '4242',
      isDefault,
      name: 'Jenny Rosen',
      cardBrand: 'visa',
      expMonth: 12,
      expYear: 2034,
      postalCode: '42424',
    },
  }),
  mastercard: (isDefault: boolean, billingProfileId = 'bp_1') => ({
    paymentMethodId: ids.mastercard,
    billingProfileId,
    paymentMethodDetails: {
      type: 'card',
      last4: '4444',
      isDefault,
      cardBrand: 'mastercard',
      expMonth: 8,
      expYear: 2031,
    },
  }),
  amex: (isDefault: boolean, billingProfileId = 'bp_1') => ({
    paymentMethodId: amexId,
    billingProfileId,
    paymentMethodDetails: {
      type: 'card',
      last4: '8431',
      isDefault,
      cardBrand: 'amex',
      expMonth: 1,
      expYear: 2031,
    },
  }),
  checking: (isDefault: boolean, billingProfileId = 'bp_1') => ({
    paymentMethodId: ids.bankChecking,
    billingProfileId,
    paymentMethodDetails: {
      type: 'us_bank_account',
      last4: '6789',
      isDefault,
      name: 'Jenny Rosen',
      bankName: 'STRIPE TEST BANK',
      accountType: 'checking',
    },
  }),
};

/**
 * An expectation of one error envelope, exactly.
 *
 * @example
 * failure(404, 'NOT_FOUND', 'The payment method was not found.')
 */
export const failure = (
  status: number,
  code: string,
  message: string,
  field?: string,
): HttpCaseExpectation => ({
  status,
  body: { success: false, error: { code, message, ...(field === undefined ? {} : { field }) } },
});

/** The answer of a method the processor refused, with its reason. */
export const refused = (reason: string) =>
  failure(
    402,
    'PAYMENT_METHOD_ATTACHMENT_FAILED',
    `The payment processor refused the payment method: ${reason}`,
  );

/** The answer when the processor is down. */
export const upstreamDown = failure(
  502,
  'UPSTREAM_UNAVAILABLE',
  'The payment processor is unavailable; try again later.',
);

/** A list answer holding exactly these views. */
export const listed = (...data: unknown[]): HttpCaseExpectation => ({
  status: 200,
  body: { success: true, data },
});

/** Follow-up: the affiliate's list holds exactly these views (nothing else was stored). */
export const listIs = (token: string, ...data: unknown[]) => ({
  request: listRequest(token),
  expect: listed(...data),
});

/**
 * A 422 case for a bad add body: INVALID_FIELD on `field`, and nothing stored.
 *
 * @example
 * invalidAdd('a missing paymentMethodId', {}, 'paymentMethodId')
 */
export function invalidAdd(name: string, body: unknown, field: string): HttpCase {
  return {
    name: `4.4 and 7: 422 INVALID_FIELD for ${name}`,
    request: addRequest(body),
    expect: {
      status: 422,
      check: (_response, json) => {
        const error = (json as { error: { code: string; field?: string } }).error;
        if (error.code !== 'INVALID_FIELD' || error.field !== field) {
          throw new Error(`expected INVALID_FIELD on ${field}, got ${JSON.stringify(error)}`);
        }
      },
    },
    followUp: [listIs(testTokens.admin)],
  };
}
