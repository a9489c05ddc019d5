import { processorContract, sequentialIds } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { sandboxProcessor } from './sandbox-processor';
import { testPaymentMethodIds as ids } from './test-payment-methods';

processorContract('sandbox', () => {
  const processor = sandboxProcessor();
  return { processor, failNext: () => processor.failNext() };
});

describe('sandbox processor', () => {
  it('4.8 makes customer, setup-intent and client-secret ids with the ids port', async () => {
    const processor = sandboxProcessor({ ids: sequentialIds() });
    const { customerId } = (
      await processor.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' })
    )._unsafeUnwrap();
    expect(customerId).toBe('cus_1');
    expect((await processor.createAchSetupIntent({ customerId }))._unsafeUnwrap()).toEqual({
      setupIntentId: 'seti_1',
      clientSecret: 'seti_1_secret_1',
      status: 'requires_payment_method',
    });
  });

  it('4.4 takes any cus_ id as a customer, so a demo restarted over stored billing profiles keeps working', async () => {
    const processor = sandboxProcessor();
    const attached = await processor.attachPaymentMethod({
      customerId: 'cus_fromEarlierRun',
      paymentMethodId: ids.visa,
    });
    expect(attached._unsafeUnwrap().customerId).toBe('cus_fromEarlierRun');
    const refused = await processor.attachPaymentMethod({
      customerId: 'acct_1',
      paymentMethodId: ids.mastercard,
    });
    expect(refused._unsafeUnwrapErr()).toMatchObject({
      code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
      message: expect.stringContaining("No such customer: 'acct_1'"),
    });
  });

  it('4.4 an added method can start attached, as after a finished setup-intent flow', async () => {
    const processor = sandboxProcessor();
    processor.addPaymentMethod({
      method: {
        id: 'pm_savings',
        type: 'us_bank_account',
        customerId: 'cus_a',
        last4: '1113',
        accountType: 'savings',
      },
    });
    expect(
      (await processor.retrievePaymentMethod({ paymentMethodId: 'pm_savings' }))._unsafeUnwrap(),
    ).toEqual({
      id: 'pm_savings',
      type: 'us_bank_account',
      customerId: 'cus_a',
      last4: '1113',
      accountType: 'savings',
    });
    const other = await processor.attachPaymentMethod({ customerId: 'cus_b', paymentMethodId: 'pm_savings' });
    expect(other._unsafeUnwrapErr().code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
  });

  it('4.4 added methods take the detached and declining behaviours', async () => {
    const processor = sandboxProcessor({ paymentMethods: [] });
    const card = { type: 'card', brand: 'amex', last4: '0005', expMonth: 1, expYear: 2030 } as const;
    processor.addPaymentMethod({ method: { ...card, id: 'pm_gone' }, behaviour: 'detached' });
    processor.addPaymentMethod({ method: { ...card, id: 'pm_no' }, behaviour: 'declines' });
    const gone = await processor.attachPaymentMethod({ customerId: 'cus_a', paymentMethodId: 'pm_gone' });
    expect(gone._unsafeUnwrapErr().code).toBe('PAYMENT_METHOD_CANNOT_BE_REUSED');
    const no = await processor.attachPaymentMethod({ customerId: 'cus_a', paymentMethodId: 'pm_no' });
    expect(no._unsafeUnwrapErr().code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
    const visa = await processor.retrievePaymentMethod({ paymentMethodId: ids.visa });
    expect(visa._unsafeUnwrapErr().code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
  });

  it('7 failNext(times) fails that many calls, then the processor answers again', async () => {
    const processor = sandboxProcessor();
    processor.failNext(2);
    expect(
      (await processor.retrievePaymentMethod({ paymentMethodId: ids.visa }))._unsafeUnwrapErr().code,
    ).toBe('UPSTREAM_UNAVAILABLE');
    expect((await processor.getDefaultPaymentMethod({ customerId: 'cus_a' }))._unsafeUnwrapErr().code).toBe(
      'UPSTREAM_UNAVAILABLE',
    );
    expect((await processor.retrievePaymentMethod({ paymentMethodId: ids.visa })).isOk()).toBe(true);
  });

  it('throws a TypeError naming the package for misuse of the test controls', () => {
    const processor = sandboxProcessor();
    expect(() => processor.failNext(0)).toThrow(/^@affiliate-commerce\/core: failNext/);
    expect(() =>
      processor.addPaymentMethod({
        method: { id: 'card_1', type: 'card', brand: 'visa', last4: '4242', expMonth: 1, expYear: 2030 },
      }),
    ).toThrow(TypeError);
  });
});
