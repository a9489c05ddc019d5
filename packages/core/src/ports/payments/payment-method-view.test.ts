import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentMethodViewSchema, toPaymentMethodView } from './payment-method-view';
import type { ProcessorBankAccount, ProcessorCard, ProcessorPaymentMethod } from './processor';

const cardKeys = ['cardBrand', 'expMonth', 'expYear', 'postalCode'];
const bankKeys = ['bankName', 'accountType'];

const optionalText = fc.option(fc.string({ maxLength: 20 }), { nil: undefined });
const last4 = fc.stringMatching(/^\d{4}$/);
const id = fc.stringMatching(/^pm_[A-Za-z0-9]{1,24}$/);
const customerId = fc.option(fc.stringMatching(/^cus_[A-Za-z0-9]{1,14}$/), { nil: undefined });

const cards: fc.Arbitrary<ProcessorCard> = fc.record(
  {
    id,
    type: fc.constant('card' as const),
    customerId,
    brand: fc.constantFrom('visa', 'mastercard', 'amex', 'discover', 'unknown'),
    last4,
    expMonth: fc.integer({ min: 1, max: 12 }),
    expYear: fc.integer({ min: 2000, max: 2099 }),
    postalCode: optionalText,
    name: optionalText,
  },
  { requiredKeys: ['id', 'type', 'brand', 'last4', 'expMonth', 'expYear'] },
);

const bankAccounts: fc.Arbitrary<ProcessorBankAccount> = fc.record(
  {
    id,
    type: fc.constant('us_bank_account' as const),
    customerId,
    bankName: optionalText,
    last4,
    accountType: fc.option(fc.constantFrom('checking' as const, 'savings' as const), { nil: undefined }),
    name: optionalText,
  },
  { requiredKeys: ['id', 'type', 'last4'] },
);

const methods: fc.Arbitrary<ProcessorPaymentMethod> = fc.oneof(cards, bankAccounts);

describe('payment-method view', () => {
  it('2.4 maps a card to the card shape', () => {
    const view = toPaymentMethodView({
      method: {
        id: 'pm_card_visa',
        type: 'card',
        customerId: 'cus_1',
        brand: 'visa',
        last4: '0042',
        expMonth: 3,
        expYear: 2031,
        postalCode: '94107',
        name: 'Jenny Rosen',
      },
      billingProfileId: 'bp_1',
      isDefault: true,
    });
    expect(view).toEqual({
      paymentMethodId: 'pm_card_visa',
      billingProfileId: 'bp_1',
      paymentMethodDetails: {
        type: 'card',
        last4: '0042',
        isDefault: true,
        name: 'Jenny Rosen',
        cardBrand: 'visa',
        expMonth: 3,
        expYear: 2031,
        postalCode: '94107',
      },
    });
  });

  it('2.4 maps a bank account to the bank-account shape', () => {
    const view = toPaymentMethodView({
      method: {
        id: 'pm_usBankAccount_checking',
        type: 'us_bank_account',
        bankName: 'STRIPE TEST BANK',
        last4: '6789',
        accountType: 'checking',
        name: 'Jenny Rosen',
      },
      billingProfileId: 'bp_1',
      isDefault: false,
    });
    expect(view).toEqual({
      paymentMethodId: 'pm_usBankAccount_checking',
      billingProfileId: 'bp_1',
      paymentMethodDetails: {
        type: 'us_bank_account',
        last4: '6789',
        isDefault: false,
        name: 'Jenny Rosen',
        bankName: 'STRIPE TEST BANK',
        accountType: 'checking',
      },
    });
  });

  it('2.4 omits keys with no value (absent or empty text) instead of sending null', () => {
    const view = toPaymentMethodView({
      method: {
        id: 'pm_1',
        type: 'card',
        brand: 'visa',
        last4: '4242',
        expMonth: 1,
        expYear: 2030,
        name: '',
        postalCode: '',
      },
      billingProfileId: 'bp_1',
      isDefault: false,
    });
    expect(view.paymentMethodDetails).toEqual({
      type: 'card',
      last4: '4242',
      isDefault: false,
      cardBrand: 'visa',
      expMonth: 1,
      expYear: 2030,
    });
    expect(JSON.stringify(view)).not.toContain('null');
  });

  it('2.4 never mixes the shapes, even when the input object carries the other shape’s fields', () => {
    const mixed = {
      id: 'pm_1',
      type: 'card',
      brand: 'visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2030,
      bankName: 'Leaky Bank',
      accountType: 'savings',
      customerId: 'cus_secret',
    } as ProcessorPaymentMethod;
    const details = toPaymentMethodView({
      method: mixed,
      billingProfileId: 'bp_1',
      isDefault: true,
    }).paymentMethodDetails;
    for (const key of [...bankKeys, 'customerId', 'brand', 'id'])
      expect(Object.keys(details)).not.toContain(key);
  });

  it('2.4 every mapped method fits the schema, with only its own shape’s keys and no null or undefined', () => {
    fc.assert(
      fc.property(
        methods,
        fc.boolean(),
        fc.stringMatching(/^bp_[a-z0-9]{1,12}$/),
        (method, isDefault, billingProfileId) => {
          const view = toPaymentMethodView({ method, billingProfileId, isDefault });
          expect(paymentMethodViewSchema.safeParse(view).success).toBe(true);
          const details: Record<string, unknown> = view.paymentMethodDetails;
          expect(
            Object.values(details).every((value) => value !== null && value !== undefined && value !== ''),
          ).toBe(true);
          const foreign = method.type === 'card' ? bankKeys : cardKeys;
          for (const key of foreign) expect(key in details).toBe(false);
          expect(view.paymentMethodId).toBe(method.id);
          expect(details.type).toBe(method.type);
          expect(details.last4).toBe(method.last4);
          expect(details.isDefault).toBe(isDefault);
          expect(details.name).toBe(method.name === '' ? undefined : method.name);
          expect(JSON.parse(JSON.stringify(view))).toEqual(view);
        },
      ),
    );
  });

  it('2.4 the schema refuses a mixed shape, a numeric last4, a null and an out-of-range month', () => {
    const base = { paymentMethodId: 'pm_1', billingProfileId: 'bp_1' };
    const card = {
      type: 'card',
      last4: '4242',
      isDefault: true,
      cardBrand: 'visa',
      expMonth: 12,
      expYear: 2030,
    };
    expect(paymentMethodViewSchema.safeParse({ ...base, paymentMethodDetails: card }).success).toBe(true);
    for (const details of [
      { ...card, bankName: 'Bank' },
      { ...card, last4: 4242 },
      { ...card, postalCode: null },
      { ...card, expMonth: 13 },
      { ...card, expYear: 30 },
      { type: 'us_bank_account', last4: '6789', isDefault: false, cardBrand: 'visa' },
    ]) {
      expect(paymentMethodViewSchema.safeParse({ ...base, paymentMethodDetails: details }).success).toBe(
        false,
      );
    }
  });
});
