import { ResultAsync } from 'neverthrow';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { billingDefaultChangers } from './access';
import { createAchSetupIntent } from './ach-setup-intent';
import { addPaymentMethod } from './add-payment-method';
import { addPaymentMethodBody, paymentMethodParams } from './billing-input';
import {
  achSetupIntentAnswerSchema,
  paymentMethodAnswerSchema,
  paymentMethodListAnswerSchema,
  storedPaymentMethodView,
} from './billing-view';
import { setDefaultPaymentMethod } from './set-default-payment-method';

const tags = ['payment methods'];
const error = (description: string) => ({ description, schema: errorEnvelopeSchema });
const cannotBeReused = error(
  'PAYMENT_METHOD_CANNOT_BE_REUSED: the method was detached earlier and cannot be attached again.',
);
const attachmentFailed = (what: string) => error(`PAYMENT_METHOD_ATTACHMENT_FAILED: ${what}`);
const upstream = error('UPSTREAM_UNAVAILABLE: the payment processor is down or timed out; nothing changed.');

/**
 * Routes of payment methods on the affiliate's billing profile (docs/api.md §2.4, §4.4, §4.8, §5.3, §7):
 * the bank-account setup intent, adding, listing, and choosing the default method.
 */
export const billingRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/ach-setup-intent',
    operationId: 'createAchSetupIntent',
    summary:
      "Start the bank-account flow: a us_bank_account SetupIntent (Financial Connections) on the billing profile's customer.",
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    secret: true,
    responses: {
      201: {
        description:
          'The SetupIntent: pass `clientSecret` to the processor client library (Stripe.js `collectBankAccountForSetup`, then `confirmUsBankAccountSetup`), then register the account with POST /v2/affiliatePaymentMethods and `paymentMethodType: us_bank_account`.',
        schema: achSetupIntentAnswerSchema,
      },
      502: upstream,
    },
    errors: ['UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, deps }) =>
      createAchSetupIntent(deps, { affiliateId: actor.affiliateId }).map((intent) => ({
        status: 201,
        body: {
          success: true,
          data: {
            setupIntentId: intent.setupIntentId,
            clientSecret: intent.clientSecret,
            status: intent.status,
          },
        },
      })),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/affiliatePaymentMethods',
    operationId: 'addPaymentMethod',
    summary:
      "Add a card (attached to the billing profile's customer) or a US bank account (already attached by the setup-intent flow) to the billing profile.",
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    body: addPaymentMethodBody,
    responses: {
      201: {
        description:
          'The method, card shape or bank-account shape (docs/api.md §2.4). The first method of a profile becomes its default. Registering the same method again answers it again, unchanged.',
        schema: paymentMethodAnswerSchema,
      },
      402: attachmentFailed(
        'the processor refused the method (declined, unknown, attached to another customer, a bank account not attached by the setup-intent flow yet, or not of the type named).',
      ),
      409: cannotBeReused,
      422: error(
        "paymentMethodId missing or not a pm_ id, or paymentMethodType not 'card' or 'us_bank_account'.",
      ),
      502: upstream,
    },
    errors: [
      'INVALID_FIELD',
      'PAYMENT_METHOD_CANNOT_BE_REUSED',
      'PAYMENT_METHOD_ATTACHMENT_FAILED',
      'UPSTREAM_UNAVAILABLE',
    ],
    handle: ({ actor, body, deps }) =>
      addPaymentMethod(deps, { affiliateId: actor.affiliateId, input: body }).map((stored) => ({
        status: 201,
        body: { success: true, data: storedPaymentMethodView(stored) },
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/affiliatePaymentMethods',
    operationId: 'listPaymentMethods',
    summary: "List the billing profile's payment methods, oldest first.",
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    responses: {
      200: {
        description:
          'The methods (docs/api.md §2.4 shapes); empty when none was added. The processor is not called.',
        schema: paymentMethodListAnswerSchema,
      },
    },
    errors: [],
    handle: ({ actor, deps }) =>
      ResultAsync.fromSafePromise(deps.storage.billing.listMethods({ affiliateId: actor.affiliateId })).map(
        (methods) => ({ status: 200, body: { success: true, data: methods.map(storedPaymentMethodView) } }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/affiliatePaymentMethods/{paymentMethodId}/actions/setDefault',
    operationId: 'setDefaultPaymentMethod',
    summary: 'Make a registered method the default of the billing profile (what the processor charges).',
    tags,
    access: { kind: 'affiliate', roles: billingDefaultChangers },
    params: paymentMethodParams,
    responses: {
      200: {
        description:
          'The method, now the default; every other method of the profile is no longer the default.',
        schema: paymentMethodAnswerSchema,
      },
      402: attachmentFailed('the processor no longer has the method on the customer.'),
      404: error('No such registered method for this affiliate.'),
      502: upstream,
    },
    errors: ['NOT_FOUND', 'PAYMENT_METHOD_ATTACHMENT_FAILED', 'UPSTREAM_UNAVAILABLE'],
    handle: ({ actor, params, deps }) =>
      setDefaultPaymentMethod(deps, {
        affiliateId: actor.affiliateId,
        paymentMethodId: params.paymentMethodId,
      }).map((stored) => ({ status: 200, body: { success: true, data: storedPaymentMethodView(stored) } })),
  }),
];
