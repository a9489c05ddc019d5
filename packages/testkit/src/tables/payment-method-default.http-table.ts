import {
  type AddPaymentMethodInput,
  addPaymentMethod,
  createAchSetupIntent,
} from '@affiliate-commerce/core/http';
import { testPaymentMethodIds as ids } from '@affiliate-commerce/core/sandbox';
import type { HttpTable } from '../contracts/http-contract';
import { type TestService, testTokens } from '../service/test-service';
import {
  addTableMethods,
  amexId,
  failure,
  listed,
  listIs,
  listRequest,
  methodsPath,
  setDefaultRequest,
  views,
} from './billing-table-fixtures';

async function register(service: TestService, affiliateId: string, input: AddPaymentMethodInput) {
  const added = await addPaymentMethod(service.deps, { affiliateId, input });
  if (added.isErr()) throw new Error(`setup failed: ${added.error.message}`);
  // A second apart, so the list order is the order of registration.
  service.clock.advance(1_000);
}

const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
const notFound = failure(404, 'NOT_FOUND', 'The payment method was not found.');
/** aff_1's methods as the setup leaves them: visa (default), then the bank account, then mastercard. */
const initial = [views.visa(true), views.checking(false), views.mastercard(false)];

/**
 * docs/api.md §2.4, §5.3 and §7 for `GET /v2/affiliatePaymentMethods` and
 * `POST /v2/affiliatePaymentMethods/{paymentMethodId}/actions/setDefault`, as one table both
 * adapters run. aff_1 has registered visa (the default), its bank account and mastercard, in
 * that order; aff_2 has registered amex.
 */
export const paymentMethodDefaultHttpTable: HttpTable = {
  title: 'payment methods: listing and choosing the default',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
    addTableMethods(service);
    const intent = await createAchSetupIntent(service.deps, { affiliateId: 'aff_1' });
    if (intent.isErr()) throw new Error(`setup failed: ${intent.error.message}`);
    await register(service, 'aff_1', { paymentMethodId: ids.visa, paymentMethodType: 'card' });
    await register(service, 'aff_1', {
      paymentMethodId: ids.bankChecking,
      paymentMethodType: 'us_bank_account',
    });
    await register(service, 'aff_1', { paymentMethodId: ids.mastercard, paymentMethodType: 'card' });
    await register(service, 'aff_2', { paymentMethodId: amexId, paymentMethodType: 'card' });
  },
  cases: [
    {
      name: '2.4: the list answers every method in its own shape, oldest first',
      request: listRequest(),
      expect: listed(...initial),
    },
    {
      name: '5.3: affiliate_super_admin may list',
      request: listRequest(testTokens.superAdmin),
      expect: listed(...initial),
    },
    {
      name: '5.3: affiliate_agent may list',
      request: listRequest(testTokens.agent),
      expect: listed(...initial),
    },
    {
      name: '5: another affiliate lists only its own methods',
      request: listRequest(testTokens.otherSuperAdmin),
      expect: listed(views.amex(true, 'bp_2')),
    },
    {
      name: '2.4: setDefault makes another method the default and every other one not',
      request: setDefaultRequest(ids.mastercard),
      expect: ok(views.mastercard(true)),
      followUp: [listIs(testTokens.admin, views.visa(false), views.checking(false), views.mastercard(true))],
    },
    {
      name: '2.4: a bank account can be the default too',
      request: setDefaultRequest(ids.bankChecking, testTokens.superAdmin),
      expect: ok(views.checking(true)),
      followUp: [
        listIs(testTokens.admin, views.visa(false), views.checking(true), views.mastercard(false)),
        { request: setDefaultRequest(ids.visa), expect: ok(views.visa(true)) },
        listIs(testTokens.admin, ...initial),
      ],
    },
    {
      name: 'making the default the default again changes nothing',
      request: setDefaultRequest(ids.visa),
      expect: ok(views.visa(true)),
      followUp: [listIs(testTokens.admin, ...initial)],
    },
    {
      name: 'registering a method again keeps the default where it is',
      request: setDefaultRequest(ids.mastercard),
      expect: ok(views.mastercard(true)),
      followUp: [
        {
          request: {
            method: 'POST',
            path: methodsPath,
            token: testTokens.admin,
            body: { paymentMethodId: ids.visa },
          },
          expect: { status: 201, body: { success: true, data: views.visa(false) } },
        },
        listIs(testTokens.admin, views.visa(false), views.checking(false), views.mastercard(true)),
      ],
    },
    {
      name: '5.3 (decision): affiliate_agent may not change the default (403), and nothing changes',
      request: setDefaultRequest(ids.mastercard, testTokens.agent),
      expect: failure(403, 'FORBIDDEN', 'Your role is not allowed to call this endpoint.'),
      followUp: [listIs(testTokens.admin, ...initial)],
    },
    {
      name: '7: setDefault on a method this affiliate never registered is 404',
      request: setDefaultRequest(ids.declined),
      expect: notFound,
    },
    {
      name: "5 and 7: another affiliate cannot make aff_1's method its default: 404, never 403, and nothing changes",
      request: setDefaultRequest(ids.mastercard, testTokens.otherSuperAdmin),
      expect: notFound,
      followUp: [
        listIs(testTokens.admin, ...initial),
        listIs(testTokens.otherSuperAdmin, views.amex(true, 'bp_2')),
      ],
    },
    {
      name: "5 and 7: aff_1 cannot touch aff_2's method either (404)",
      request: setDefaultRequest(amexId),
      expect: notFound,
      followUp: [listIs(testTokens.otherSuperAdmin, views.amex(true, 'bp_2'))],
    },
    {
      name: '5.2 and 7: listing without affiliate context is 400',
      request: listRequest(testTokens.noAffiliate),
      expect: failure(
        400,
        'AFFILIATE_CONTEXT_REQUIRED',
        'This endpoint acts for an affiliate; the token has no affiliate context.',
      ),
    },
    {
      name: '5.2 and 7: setDefault without affiliate context is 400',
      request: setDefaultRequest(ids.mastercard, testTokens.noAffiliate),
      expect: failure(
        400,
        'AFFILIATE_CONTEXT_REQUIRED',
        'This endpoint acts for an affiliate; the token has no affiliate context.',
      ),
    },
    {
      name: '5.1 and 7: 401 without a bearer token, for the list and for setDefault',
      request: { method: 'GET', path: methodsPath },
      expect: failure(401, 'UNAUTHORIZED', 'A valid bearer token is required.'),
      followUp: [
        {
          request: { method: 'POST', path: `${methodsPath}/${ids.visa}/actions/setDefault` },
          expect: failure(401, 'UNAUTHORIZED', 'A valid bearer token is required.'),
        },
      ],
    },
    {
      name: 'a wrong method on the collection is 405 with Allow',
      request: { method: 'DELETE', path: methodsPath, token: testTokens.admin },
      expect: {
        status: 405,
        check: (response) => {
          if (response.headers.get('allow') !== 'POST, GET')
            throw new Error(`Allow was ${response.headers.get('allow')}`);
        },
      },
    },
  ],
};

/** An affiliate with no billing profile yet lists nothing and has no default to change. */
export const emptyPaymentMethodsHttpTable: HttpTable = {
  title: 'payment methods: an affiliate with no billing profile',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
  },
  cases: [
    {
      name: '2.4: the list is empty, and setDefault is 404',
      request: listRequest(),
      expect: listed(),
      followUp: [{ request: setDefaultRequest(ids.visa), expect: notFound }, listIs(testTokens.agent)],
    },
  ],
};
