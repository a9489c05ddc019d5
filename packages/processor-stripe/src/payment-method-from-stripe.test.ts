import { testPaymentMethodIds as ids, testPaymentMethods } from '@affiliate-commerce/core/sandbox';
import { describe, expect, it } from 'vitest';
import { idOf, paymentMethodFromStripe } from './payment-method-from-stripe';
import { customerObject, paymentMethodObject, sepaDebitObject } from './stripe-objects.test-support';

const fixture = (id: string) => testPaymentMethods.find(({ method }) => method.id === id)!.method;

describe('Stripe PaymentMethod to the port’s shape', () => {
  it('2.4 a card keeps brand, last4 as a string, expiry, postal code, name and customer', () => {
    expect(paymentMethodFromStripe(paymentMethodObject(fixture(ids.visa), 'cus_1'))._unsafeUnwrap()).toEqual({
      id: ids.visa,
      type: 'card',
      customerId: 'cus_1',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      postalCode: '42424',
      name: 'Jenny Rosen',
    });
  });

  it('2.4 Stripe’s nulls and empty strings become absent keys', () => {
    const object = paymentMethodObject(fixture(ids.mastercard), null);
    const blank = { ...object, billing_details: { ...object.billing_details, name: '' } };
    const method = paymentMethodFromStripe(blank)._unsafeUnwrap();
    expect(method).toEqual({
      id: ids.mastercard,
      type: 'card',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
    });
    expect(JSON.stringify(method)).not.toContain('null');
  });

  it('2.4 a bank account keeps bank name, last4, account type and holder name', () => {
    expect(
      paymentMethodFromStripe(paymentMethodObject(fixture(ids.bankChecking), 'cus_1'))._unsafeUnwrap(),
    ).toEqual({
      id: ids.bankChecking,
      type: 'us_bank_account',
      customerId: 'cus_1',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      accountType: 'checking',
      name: 'Jenny Rosen',
    });
  });

  it('2.4 an account type docs/api.md §2.4 does not name, or none, is left out', () => {
    const object = paymentMethodObject(fixture(ids.bankChecking), null);
    for (const account_type of [null, 'money_market']) {
      const method = paymentMethodFromStripe({
        ...object,
        us_bank_account: { ...object.us_bank_account!, account_type },
      });
      expect(Object.keys(method._unsafeUnwrap())).not.toContain('accountType');
    }
  });

  it('4.4 an expanded customer is read by its id', () => {
    const customer = customerObject({ id: 'cus_9', name: null, metadata: {}, defaultPaymentMethod: null });
    const object = { ...paymentMethodObject(fixture(ids.visa), null), customer };
    expect(paymentMethodFromStripe(object)._unsafeUnwrap().customerId).toBe('cus_9');
    expect(idOf(null)).toBeUndefined();
    expect(idOf('pm_1')).toBe('pm_1');
  });

  it('4.4 a type other than card and us_bank_account is PAYMENT_METHOD_ATTACHMENT_FAILED naming the type', () => {
    expect(paymentMethodFromStripe(sepaDebitObject('pm_sepa'))._unsafeUnwrapErr()).toMatchObject({
      code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
      message: expect.stringContaining('sepa_debit'),
    });
  });
});
