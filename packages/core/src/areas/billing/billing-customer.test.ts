import { sequentialIds, testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { upstreamUnavailable } from '../../base/errors';
import type { PaymentProcessor } from '../../ports/payments/processor';
import { sandboxProcessor } from '../../ports/payments/sandbox-processor';
import { testPaymentMethodIds as ids } from '../../ports/payments/test-payment-methods';
import { createAchSetupIntent } from './ach-setup-intent';
import { addPaymentMethod } from './add-payment-method';
import { ensureBillingCustomer } from './billing-customer';

/** A sandbox that counts customer creations, answering each only after other work had its turn. */
function countingProcessor() {
  const sandbox = sandboxProcessor({ ids: sequentialIds() });
  const created: { billingProfileId: string; affiliateId: string; name?: string }[] = [];
  const processor: PaymentProcessor = {
    ...sandbox,
    createCustomer: (input) => {
      created.push(input);
      return sandbox.createCustomer(input);
    },
  };
  return { sandbox, processor, created };
}

describe('billing profile and processor customer', () => {
  it('4.4: the first use creates the profile and one customer named after the affiliate, tagged with both ids', async () => {
    const { processor, created } = countingProcessor();
    const service = testService({ processor });
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    const profile = (await ensureBillingCustomer(service.deps, { affiliateId: 'aff_1' }))._unsafeUnwrap();
    expect(profile).toMatchObject({ id: 'bp_1', affiliateId: 'aff_1', customerId: 'cus_1' });
    expect(created).toEqual([{ billingProfileId: 'bp_1', affiliateId: 'aff_1', name: 'Affiliate one' }]);
    const again = (await ensureBillingCustomer(service.deps, { affiliateId: 'aff_1' }))._unsafeUnwrap();
    expect(again).toEqual(profile);
    expect(created).toHaveLength(1);
    expect(await service.deps.storage.billing.getProfile({ affiliateId: 'aff_1' })).toEqual(profile);
  });

  it('4.4 and 4.8: concurrent first uses of one affiliate create exactly one customer', async () => {
    const { processor, created, sandbox } = countingProcessor();
    const service = testService({ processor });
    const deps = service.deps;
    const results = await Promise.all([
      createAchSetupIntent(deps, { affiliateId: 'aff_1' }),
      addPaymentMethod(deps, {
        affiliateId: 'aff_1',
        input: { paymentMethodId: ids.visa, paymentMethodType: 'card' },
      }),
      createAchSetupIntent(deps, { affiliateId: 'aff_1' }),
      addPaymentMethod(deps, {
        affiliateId: 'aff_1',
        input: { paymentMethodId: ids.mastercard, paymentMethodType: 'card' },
      }),
      ensureBillingCustomer(deps, { affiliateId: 'aff_1' }),
    ]);
    expect(results.every((result) => result.isOk())).toBe(true);
    expect(created).toHaveLength(1);
    const methods = await deps.storage.billing.listMethods({ affiliateId: 'aff_1' });
    expect(methods.map((m) => m.billingProfileId)).toEqual(['bp_1', 'bp_1']);
    const defaults = methods.filter((m) => m.isDefault).map((m) => m.method.id);
    expect(defaults).toHaveLength(1);
    expect((await sandbox.getDefaultPaymentMethod({ customerId: 'cus_1' }))._unsafeUnwrap()).toEqual({
      paymentMethodId: defaults[0],
    });
  });

  it('7: when the processor is down the profile is kept without a customer, and the next use creates it', async () => {
    const { processor, created, sandbox } = countingProcessor();
    const service = testService({ processor });
    sandbox.failNext();
    const failed = await ensureBillingCustomer(service.deps, { affiliateId: 'aff_1' });
    expect(failed._unsafeUnwrapErr()).toEqual(upstreamUnavailable('payment processor', expect.any(Error)));
    expect(await service.deps.storage.billing.getProfile({ affiliateId: 'aff_1' })).toEqual({
      id: 'bp_1',
      affiliateId: 'aff_1',
      createdAt: service.clock.now(),
      updatedAt: service.clock.now(),
    });
    const profile = (await ensureBillingCustomer(service.deps, { affiliateId: 'aff_1' }))._unsafeUnwrap();
    expect(profile).toMatchObject({ id: 'bp_1', customerId: 'cus_1' });
    // The affiliate record is optional: without one, the customer has no name.
    expect(created.map((input) => input.name)).toEqual([undefined, undefined]);
  });

  it('5: each affiliate gets its own profile and customer', async () => {
    const service = testService();
    const one = (await ensureBillingCustomer(service.deps, { affiliateId: 'aff_1' }))._unsafeUnwrap();
    const two = (await ensureBillingCustomer(service.deps, { affiliateId: 'aff_2' }))._unsafeUnwrap();
    expect([one.id, one.customerId, two.id, two.customerId]).toEqual(['bp_1', 'cus_1', 'bp_2', 'cus_2']);
  });
});
