import { sequentialIds, testService } from '@affiliate-commerce/testkit';
import { errAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { upstreamUnavailable } from '../../base/errors';
import type { PaymentProcessor } from '../../ports/payments/processor';
import { sandboxProcessor } from '../../ports/payments/sandbox-processor';
import { testPaymentMethodIds as ids } from '../../ports/payments/test-payment-methods';
import { addPaymentMethod } from './add-payment-method';
import { setDefaultPaymentMethod } from './set-default-payment-method';

const card = (paymentMethodId: string) => ({ paymentMethodId, paymentMethodType: 'card' as const });

describe('4.4 adding a payment method', () => {
  it('4.4: the first method becomes the default at the processor too; later ones do not', async () => {
    const processor = sandboxProcessor({ ids: sequentialIds() });
    const service = testService({ processor });
    const first = await addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) });
    expect(first._unsafeUnwrap().isDefault).toBe(true);
    const second = await addPaymentMethod(service.deps, {
      affiliateId: 'aff_1',
      input: card(ids.mastercard),
    });
    expect(second._unsafeUnwrap().isDefault).toBe(false);
    expect((await processor.getDefaultPaymentMethod({ customerId: 'cus_1' }))._unsafeUnwrap()).toEqual({
      paymentMethodId: ids.visa,
    });
    await setDefaultPaymentMethod(service.deps, { affiliateId: 'aff_1', paymentMethodId: ids.mastercard });
    expect((await processor.getDefaultPaymentMethod({ customerId: 'cus_1' }))._unsafeUnwrap()).toEqual({
      paymentMethodId: ids.mastercard,
    });
  });

  it('4.4: the id stored is the one the processor returned (Stripe test tokens come back as new pm_ ids)', async () => {
    const sandbox = sandboxProcessor({ ids: sequentialIds() });
    sandbox.addPaymentMethod({
      method: {
        id: 'pm_1QxGenerated',
        type: 'card',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
      },
    });
    // Like Stripe in test mode: attaching the token pm_card_visa attaches a new method.
    const processor: PaymentProcessor = {
      ...sandbox,
      attachPaymentMethod: ({ customerId, paymentMethodId }) =>
        sandbox.attachPaymentMethod({
          customerId,
          paymentMethodId: paymentMethodId === ids.visa ? 'pm_1QxGenerated' : paymentMethodId,
        }),
    };
    const service = testService({ processor });
    const stored = (
      await addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) })
    )._unsafeUnwrap();
    expect(stored.method.id).toBe('pm_1QxGenerated');
    expect(
      await service.deps.storage.billing.getMethod({ affiliateId: 'aff_1', paymentMethodId: ids.visa }),
    ).toBeUndefined();
    expect((await sandbox.getDefaultPaymentMethod({ customerId: 'cus_1' }))._unsafeUnwrap()).toEqual({
      paymentMethodId: 'pm_1QxGenerated',
    });
  });

  it('4.4 and 7: when making the first method the default fails, nothing is stored and a retry succeeds', async () => {
    const sandbox = sandboxProcessor({ ids: sequentialIds() });
    let failures = 1;
    const processor: PaymentProcessor = {
      ...sandbox,
      setDefaultPaymentMethod: (input) => {
        if (failures-- > 0) return errAsync(upstreamUnavailable('payment processor'));
        return sandbox.setDefaultPaymentMethod(input);
      },
    };
    const service = testService({ processor });
    const failed = await addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) });
    expect(failed._unsafeUnwrapErr().code).toBe('UPSTREAM_UNAVAILABLE');
    expect(await service.deps.storage.billing.listMethods({ affiliateId: 'aff_1' })).toEqual([]);
    const retried = await addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) });
    expect(retried._unsafeUnwrap()).toMatchObject({ isDefault: true, method: { id: ids.visa } });
    expect((await sandbox.getDefaultPaymentMethod({ customerId: 'cus_1' }))._unsafeUnwrap()).toEqual({
      paymentMethodId: ids.visa,
    });
  });

  it('4.4: a stored method keeps its details without the customer id (the profile names the customer)', async () => {
    const service = testService();
    const stored = (
      await addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) })
    )._unsafeUnwrap();
    expect(stored).toEqual({
      affiliateId: 'aff_1',
      billingProfileId: 'bp_1',
      method: {
        id: ids.visa,
        type: 'card',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
        postalCode: '42424',
        name: 'Jenny Rosen',
      },
      isDefault: true,
      createdAt: service.clock.now(),
    });
  });

  it('4.4: a registered method re-sent with the other type is refused, and stays as it was', async () => {
    const service = testService();
    await addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) });
    const mismatch = await addPaymentMethod(service.deps, {
      affiliateId: 'aff_1',
      input: { paymentMethodId: ids.visa, paymentMethodType: 'us_bank_account' },
    });
    expect(mismatch._unsafeUnwrapErr().code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
    expect(await service.deps.storage.billing.listMethods({ affiliateId: 'aff_1' })).toHaveLength(1);
  });

  it('4.4: the same method registered twice at once is stored once', async () => {
    const service = testService();
    const both = await Promise.all(
      [1, 2].map(() => addPaymentMethod(service.deps, { affiliateId: 'aff_1', input: card(ids.visa) })),
    );
    expect(both.map((result) => result._unsafeUnwrap().isDefault)).toEqual([true, true]);
    expect(await service.deps.storage.billing.listMethods({ affiliateId: 'aff_1' })).toHaveLength(1);
  });
});
