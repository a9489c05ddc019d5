import { testPaymentMethodIds as ids } from '@affiliate-commerce/core/sandbox';
import type { HttpCaseRequest, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import { addRequest, failure, listIs, views } from './billing-table-fixtures';

const intentRequest = (token: string = testTokens.admin): HttpCaseRequest => ({
  method: 'POST',
  path: '/ach-setup-intent',
  token,
});

const intent = (n: number) => ({
  status: 201,
  body: {
    success: true,
    data: {
      setupIntentId: `seti_${n}`,
      clientSecret: `seti_${n}_secret_1`,
      status: 'requires_payment_method',
    },
  },
});

const bank = { paymentMethodId: ids.bankChecking, paymentMethodType: 'us_bank_account' };

/**
 * docs/api.md §4.4, §4.8.9 (`POST /ach-setup-intent`), §5.3 and §7 for the bank-account flow, as one table
 * both adapters run. The sandbox finishes the flow at once: the first setup intent attaches
 * `pm_usBankAccount_checking` to the customer that asked for it.
 */
export const achSetupIntentHttpTable: HttpTable = {
  title: 'payment methods: the bank-account setup intent (4.8)',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
  },
  cases: [
    {
      name: '4.8: 201 with setupIntentId, clientSecret and status; then the account registers as a bank account',
      request: intentRequest(),
      expect: intent(1),
      followUp: [
        {
          request: addRequest(bank),
          expect: { status: 201, body: { success: true, data: views.checking(true) } },
        },
        listIs(testTokens.admin, views.checking(true)),
      ],
    },
    {
      name: '4.8: a second intent uses the same billing profile and customer',
      request: intentRequest(),
      expect: intent(1),
      followUp: [
        { request: intentRequest(testTokens.agent), expect: intent(2) },
        {
          request: addRequest(bank),
          expect: { status: 201, body: { success: true, data: views.checking(true) } },
        },
      ],
    },
    {
      name: '4.4: without the flow, the bank account cannot be registered (402)',
      request: addRequest(bank),
      expect: failure(
        402,
        'PAYMENT_METHOD_ATTACHMENT_FAILED',
        `The payment processor refused the payment method: ${ids.bankChecking} is not attached to this billing profile's customer; finish the bank-account flow (POST /ach-setup-intent) first.`,
      ),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: "4.4 and 5: the account belongs to the affiliate that finished the flow; another affiliate's registration is 402",
      request: intentRequest(testTokens.otherSuperAdmin),
      expect: intent(1),
      followUp: [
        {
          request: addRequest(bank),
          expect: failure(
            402,
            'PAYMENT_METHOD_ATTACHMENT_FAILED',
            'The payment processor refused the payment method: No such payment method for this billing profile.',
          ),
        },
        listIs(testTokens.admin),
        {
          request: addRequest(bank, testTokens.otherSuperAdmin),
          expect: { status: 201, body: { success: true, data: views.checking(true, 'bp_1') } },
        },
      ],
    },
    {
      name: '5.3 (decision): affiliate_super_admin may start the flow',
      request: intentRequest(testTokens.superAdmin),
      expect: intent(1),
    },
    {
      name: '5.3 (decision): affiliate_agent may start the flow',
      request: intentRequest(testTokens.agent),
      expect: intent(1),
    },
    {
      name: '5.2 and 7: 400 without affiliate context',
      request: intentRequest(testTokens.noAffiliate),
      expect: failure(
        400,
        'AFFILIATE_CONTEXT_REQUIRED',
        'This endpoint acts for an affiliate; the token has no affiliate context.',
      ),
    },
    {
      name: '5.1 and 7: 401 without a bearer token',
      request: { method: 'POST', path: '/ach-setup-intent' },
      expect: failure(401, 'UNAUTHORIZED', 'A valid bearer token is required.'),
    },
    {
      name: 'the path is not under /v2 (docs/api.md §4.8.9 names it /ach-setup-intent)',
      request: { method: 'POST', path: '/v2/ach-setup-intent', token: testTokens.admin },
      expect: failure(404, 'NOT_FOUND', 'The route was not found; did you mean /api/ach-setup-intent?'),
    },
  ],
};
