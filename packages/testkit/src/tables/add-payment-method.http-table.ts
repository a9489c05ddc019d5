import { createAchSetupIntent } from '@affiliate-commerce/core/http';
import { testPaymentMethodIds as ids } from '@affiliate-commerce/core/sandbox';
import type { HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';
import {
  addRequest,
  addTableMethods,
  elsewhereBankId,
  failure,
  invalidAdd,
  listIs,
  methodsPath,
  refused,
  unlinkedBankId,
  views,
} from './billing-table-fixtures';

const created = (data: unknown) => ({ status: 201, body: { success: true, data } });
const bank = { paymentMethodId: ids.bankChecking, paymentMethodType: 'us_bank_account' };
const contextRequired = failure(
  400,
  'AFFILIATE_CONTEXT_REQUIRED',
  'This endpoint acts for an affiliate; the token has no affiliate context.',
);

/**
 * docs/api.md §2.4, §4.4, §5.3 and §7 for `POST /v2/affiliatePaymentMethods`, as one table both adapters
 * run. In the setup, aff_1 has finished the bank-account flow (its customer `cus_1` holds
 * `pm_usBankAccount_checking`, its profile is `bp_1`) and has no method registered yet.
 */
export const addPaymentMethodHttpTable: HttpTable = {
  title: 'payment methods: adding cards and bank accounts (4.4)',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two' });
    addTableMethods(service);
    const intent = await createAchSetupIntent(service.deps, { affiliateId: 'aff_1' });
    if (intent.isErr()) throw new Error(`setup failed: ${intent.error.message}`);
  },
  cases: [
    {
      name: '4.4 and 2.4: a card answers 201 with the card shape and, as the first method, is the default',
      request: addRequest({ paymentMethodId: ids.visa }),
      expect: created(views.visa(true)),
      followUp: [listIs(testTokens.admin, views.visa(true))],
    },
    {
      name: "2.4: a card's absent name and postal code are left out, never null",
      request: addRequest({ paymentMethodId: ids.mastercard, paymentMethodType: 'card' }),
      expect: created(views.mastercard(true)),
    },
    {
      name: '4.4 and 2.4: a bank account attached by the setup-intent flow answers 201 with the bank-account shape',
      request: addRequest(bank),
      expect: created(views.checking(true)),
      followUp: [listIs(testTokens.agent, views.checking(true))],
    },
    {
      name: '4.4: a second method is not the default; the first stays the default',
      request: addRequest({ paymentMethodId: ids.visa }),
      expect: created(views.visa(true)),
      followUp: [
        { request: addRequest(bank), expect: created(views.checking(false)) },
        {
          request: addRequest({ paymentMethodId: ids.mastercard }),
          expect: created(views.mastercard(false)),
        },
        // Same instant on the test clock: ties are ordered by id.
        listIs(testTokens.admin, views.mastercard(false), views.visa(true), views.checking(false)),
      ],
    },
    {
      name: '4.4: registering the same card twice is idempotent: the same answer, one record',
      request: addRequest({ paymentMethodId: ids.visa }),
      expect: created(views.visa(true)),
      followUp: [
        { request: addRequest({ paymentMethodId: ids.visa }), expect: created(views.visa(true)) },
        {
          request: addRequest({ paymentMethodId: ids.visa }, testTokens.agent),
          expect: created(views.visa(true)),
        },
        listIs(testTokens.admin, views.visa(true)),
      ],
    },
    {
      name: '4.4: registering the same bank account twice is idempotent',
      request: addRequest(bank),
      expect: created(views.checking(true)),
      followUp: [
        { request: addRequest(bank), expect: created(views.checking(true)) },
        listIs(testTokens.admin, views.checking(true)),
      ],
    },
    {
      name: '5.3: affiliate_super_admin may add a method',
      request: addRequest({ paymentMethodId: ids.visa }, testTokens.superAdmin),
      expect: created(views.visa(true)),
    },
    {
      name: '5.3: affiliate_admin may add a method',
      request: addRequest({ paymentMethodId: ids.mastercard }, testTokens.admin),
      expect: created(views.mastercard(true)),
    },
    {
      name: '5.3: affiliate_agent may add a method',
      request: addRequest(bank, testTokens.agent),
      expect: created(views.checking(true)),
    },
    {
      name: '4.4 and 7: a card detached earlier is 409 PAYMENT_METHOD_CANNOT_BE_REUSED, and nothing is stored',
      request: addRequest({ paymentMethodId: ids.detached }),
      expect: failure(
        409,
        'PAYMENT_METHOD_CANNOT_BE_REUSED',
        'This payment method was detached earlier and cannot be attached again; collect a new one.',
      ),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '4.4 and 7: a declined card is 402 PAYMENT_METHOD_ATTACHMENT_FAILED with the reason, and nothing is stored',
      request: addRequest({ paymentMethodId: ids.declined }),
      expect: refused('Your card was declined.'),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '4.4 and 7: a bank account of another customer is 402, and nothing is stored',
      request: addRequest({ paymentMethodId: elsewhereBankId, paymentMethodType: 'us_bank_account' }),
      expect: refused('No such payment method for this billing profile.'),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '4.4: a bank account whose setup-intent flow was not finished is 402',
      request: addRequest({ paymentMethodId: unlinkedBankId, paymentMethodType: 'us_bank_account' }),
      expect: refused(
        `${unlinkedBankId} is not attached to this billing profile's customer; finish the bank-account flow (POST /ach-setup-intent) first.`,
      ),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '4.4 and 7: a method the processor does not know is 402',
      request: addRequest({ paymentMethodId: 'pm_card_unknown' }),
      expect: refused('No such payment method for this billing profile.'),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '4.4: a card sent as a bank account is 402, and nothing is stored',
      request: addRequest({ paymentMethodId: ids.visa, paymentMethodType: 'us_bank_account' }),
      expect: refused(`${ids.visa} is a card, not a us_bank_account; send paymentMethodType 'card'.`),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '4.4: a bank account sent as a card (the default type) is 402, and nothing is stored',
      request: addRequest({ paymentMethodId: ids.bankChecking }),
      expect: refused(
        `${ids.bankChecking} is a us_bank_account, not a card; send paymentMethodType 'us_bank_account'.`,
      ),
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: "4.4 and 5: another affiliate cannot register aff_1's bank account (402), nor see aff_1's methods",
      request: addRequest(bank, testTokens.otherSuperAdmin),
      expect: refused('No such payment method for this billing profile.'),
      followUp: [
        listIs(testTokens.otherSuperAdmin),
        { request: addRequest(bank), expect: created(views.checking(true)) },
        listIs(testTokens.otherSuperAdmin),
      ],
    },
    {
      name: "4.4 and 5: a card aff_1 registered is another customer's for aff_2 (402); each sees only its own",
      request: addRequest({ paymentMethodId: ids.visa }),
      expect: created(views.visa(true)),
      followUp: [
        {
          request: addRequest({ paymentMethodId: ids.visa }, testTokens.otherSuperAdmin),
          expect: refused('No such payment method for this billing profile.'),
        },
        {
          request: addRequest({ paymentMethodId: ids.mastercard }, testTokens.otherSuperAdmin),
          expect: created(views.mastercard(true, 'bp_2')),
        },
        listIs(testTokens.otherSuperAdmin, views.mastercard(true, 'bp_2')),
        listIs(testTokens.admin, views.visa(true)),
      ],
    },
    invalidAdd('a missing paymentMethodId', {}, 'paymentMethodId'),
    invalidAdd('an empty paymentMethodId', { paymentMethodId: '' }, 'paymentMethodId'),
    invalidAdd(
      'a paymentMethodId without the pm_ prefix',
      { paymentMethodId: 'card_1MvN8z2eZvKYlo2C' },
      'paymentMethodId',
    ),
    invalidAdd('a paymentMethodId that is only the prefix', { paymentMethodId: 'pm_' }, 'paymentMethodId'),
    invalidAdd(
      'a paymentMethodId with characters no processor id has',
      { paymentMethodId: 'pm_x/../y' },
      'paymentMethodId',
    ),
    invalidAdd(
      'a paymentMethodId longer than 255 characters',
      { paymentMethodId: `pm_${'a'.repeat(253)}` },
      'paymentMethodId',
    ),
    invalidAdd('a numeric paymentMethodId', { paymentMethodId: 42 }, 'paymentMethodId'),
    invalidAdd(
      'paymentMethodType sepa_debit',
      { paymentMethodId: ids.visa, paymentMethodType: 'sepa_debit' },
      'paymentMethodType',
    ),
    invalidAdd(
      'paymentMethodType in another case (CARD)',
      { paymentMethodId: ids.visa, paymentMethodType: 'CARD' },
      'paymentMethodType',
    ),
    invalidAdd(
      'paymentMethodType null',
      { paymentMethodId: ids.visa, paymentMethodType: null },
      'paymentMethodType',
    ),
    invalidAdd('an empty body', undefined, 'body'),
    invalidAdd('a JSON array body', [ids.visa], 'body'),
    {
      name: '4.4 and 7: the 422 names the field and what is wrong',
      request: addRequest({ paymentMethodId: 'card_1' }),
      expect: failure(
        422,
        'INVALID_FIELD',
        'paymentMethodId must be a payment-method id: pm_ followed by letters, digits or underscores.',
        'paymentMethodId',
      ),
    },
    {
      name: '7: a malformed JSON body is 422 INVALID_FIELD, never 500',
      request: {
        method: 'POST',
        path: methodsPath,
        token: testTokens.admin,
        headers: { 'content-type': 'application/json' },
        rawBody: '{"paymentMethodId":',
      },
      expect: failure(422, 'INVALID_FIELD', 'body is not valid JSON.', 'body'),
      malformedJson: true,
    },
    {
      name: '5.1 and 7: 401 without a bearer token',
      request: { method: 'POST', path: methodsPath, body: { paymentMethodId: ids.visa } },
      expect: failure(401, 'UNAUTHORIZED', 'A valid bearer token is required.'),
    },
    {
      name: '5.2 and 7: 400 for a token without affiliate context, and nothing is stored',
      request: addRequest({ paymentMethodId: ids.visa }, testTokens.noAffiliate),
      expect: contextRequired,
      followUp: [listIs(testTokens.admin)],
    },
    {
      name: '5.2: the master token has no affiliate context here either (400)',
      request: addRequest({ paymentMethodId: ids.visa }, testTokens.master),
      expect: contextRequired,
    },
  ],
};
