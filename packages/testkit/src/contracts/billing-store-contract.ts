import type { Storage } from '@affiliate-commerce/core';
import type { BillingProfile, StoredPaymentMethod } from '@affiliate-commerce/core/storage';
import { expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const t1 = new Date('2026-11-23T11:00:00.000Z');

const profile = (affiliateId: string, id: string): BillingProfile => ({
  id,
  affiliateId,
  createdAt: t0,
  updatedAt: t0,
});

function card(
  affiliateId: string,
  billingProfileId: string,
  id: string,
  createdAt = t0,
): StoredPaymentMethod {
  return {
    affiliateId,
    billingProfileId,
    method: {
      id,
      type: 'card',
      brand: 'visa',
      last4: '0042',
      expMonth: 1,
      expYear: 2034,
      postalCode: '42424',
      name: 'Jenny Rosen',
    },
    isDefault: false,
    createdAt,
  };
}

function bank(
  affiliateId: string,
  billingProfileId: string,
  id: string,
  createdAt = t0,
): StoredPaymentMethod {
  return {
    affiliateId,
    billingProfileId,
    method: {
      id,
      type: 'us_bank_account',
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
      accountType: 'savings',
      name: 'Jenny Rosen',
    },
    isDefault: false,
    createdAt,
  };
}

/** Lets every other pending callback and I/O run, so a missing lock would show as a lost update. */
const yieldTurns = async () => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The billing store part of the storage contract (memory, PGlite, PostgreSQL server). Each test
 * uses affiliates of its own, since profiles are one per affiliate.
 *
 * @example
 * billingStoreContract(() => storage);
 */
export function billingStoreContract(storage: () => Storage): void {
  const billing = () => storage().billing;

  it('billing: lockProfile inserts a profile once; a second call keeps the first and returns it', async () => {
    expect(await billing().getProfile({ affiliateId: 'aff_bp_once' })).toBeUndefined();
    const first = await storage().transaction((tx) =>
      tx.billing.lockProfile({ profile: profile('aff_bp_once', 'bp_once_1') }),
    );
    expect(first).toEqual(profile('aff_bp_once', 'bp_once_1'));
    expect(Object.keys(first)).not.toContain('customerId');
    const second = await storage().transaction((tx) =>
      tx.billing.lockProfile({ profile: { ...profile('aff_bp_once', 'bp_once_2'), createdAt: t1 } }),
    );
    expect(second).toEqual(first);
    expect(await billing().getProfile({ affiliateId: 'aff_bp_once' })).toEqual(first);
  });

  it('billing: setCustomer stores the customer once; a second customer or another tenant changes nothing', async () => {
    await storage().transaction((tx) => tx.billing.lockProfile({ profile: profile('aff_bp_cus', 'bp_cus') }));
    const args = { billingProfileId: 'bp_cus', updatedAt: t1 };
    expect(await billing().setCustomer({ ...args, affiliateId: 'aff_bp_other', customerId: 'cus_x' })).toBe(
      false,
    );
    expect(await billing().setCustomer({ ...args, affiliateId: 'aff_bp_cus', customerId: 'cus_1' })).toBe(
      true,
    );
    expect(await billing().setCustomer({ ...args, affiliateId: 'aff_bp_cus', customerId: 'cus_2' })).toBe(
      false,
    );
    expect(
      await billing().setCustomer({
        affiliateId: 'aff_bp_cus',
        billingProfileId: 'bp_wrong',
        customerId: 'cus_3',
        updatedAt: t1,
      }),
    ).toBe(false);
    expect(await billing().getProfile({ affiliateId: 'aff_bp_cus' })).toEqual({
      ...profile('aff_bp_cus', 'bp_cus'),
      customerId: 'cus_1',
      updatedAt: t1,
    });
  });

  /** A first use: lock the profile, and create a customer only when it has none. */
  const firstUse = (affiliateId: string, candidate: string, made: string[]) =>
    storage().transaction(async (tx) => {
      const locked = await tx.billing.lockProfile({ profile: profile(affiliateId, candidate) });
      if (locked.customerId !== undefined) return locked.customerId;
      // Without the lock the other transaction would read "no customer" here too.
      await yieldTurns();
      const customerId = `cus_for_${candidate}`;
      made.push(customerId);
      await tx.billing.setCustomer({ affiliateId, billingProfileId: locked.id, customerId, updatedAt: t1 });
      return customerId;
    });

  it('billing: two concurrent first uses make one profile and one customer', async () => {
    const made: string[] = [];
    const [a, b] = await Promise.all([
      firstUse('aff_bp_race', 'bp_race_a', made),
      firstUse('aff_bp_race', 'bp_race_b', made),
    ]);
    expect(made).toHaveLength(1);
    expect(a).toBe(b);
    expect((await billing().getProfile({ affiliateId: 'aff_bp_race' }))?.customerId).toBe(a);
  });

  it('billing: two concurrent uses of a profile kept without a customer make one customer', async () => {
    // As after a first use whose customer creation failed: the profile exists, with no customer.
    await storage().transaction((tx) =>
      tx.billing.lockProfile({ profile: profile('aff_bp_retry', 'bp_retry') }),
    );
    const made: string[] = [];
    const results = await Promise.all(
      ['bp_retry_a', 'bp_retry_b', 'bp_retry_c'].map((candidate) =>
        firstUse('aff_bp_retry', candidate, made),
      ),
    );
    expect(made).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    expect(await billing().getProfile({ affiliateId: 'aff_bp_retry' })).toMatchObject({
      id: 'bp_retry',
      customerId: made[0],
    });
  });

  it('2.4 billing: methods round-trip both shapes, absent optional fields omitted (never null)', async () => {
    await storage().transaction((tx) => tx.billing.lockProfile({ profile: profile('aff_bp_rt', 'bp_rt') }));
    const full = card('aff_bp_rt', 'bp_rt', 'pm_rt_card');
    const account = { ...bank('aff_bp_rt', 'bp_rt', 'pm_rt_bank', t1), isDefault: true };
    const bare: StoredPaymentMethod = {
      ...card('aff_bp_rt', 'bp_rt', 'pm_rt_bare', t1),
      method: { id: 'pm_rt_bare', type: 'card', brand: 'amex', last4: '0005', expMonth: 12, expYear: 2030 },
    };
    const bareBank: StoredPaymentMethod = {
      ...bank('aff_bp_rt', 'bp_rt', 'pm_rt_bare_bank', t1),
      method: { id: 'pm_rt_bare_bank', type: 'us_bank_account', last4: '0001' },
    };
    for (const method of [full, account, bare, bareBank]) {
      expect(await billing().insertMethod({ method })).toBe(true);
    }
    expect(await billing().getMethod({ affiliateId: 'aff_bp_rt', paymentMethodId: 'pm_rt_card' })).toEqual(
      full,
    );
    expect(await billing().getMethod({ affiliateId: 'aff_bp_rt', paymentMethodId: 'pm_rt_bank' })).toEqual(
      account,
    );
    const readBare = await billing().getMethod({ affiliateId: 'aff_bp_rt', paymentMethodId: 'pm_rt_bare' });
    expect(readBare).toEqual(bare);
    expect(Object.keys(readBare!.method).sort()).toEqual([
      'brand',
      'expMonth',
      'expYear',
      'id',
      'last4',
      'type',
    ]);
    const readBareBank = await billing().getMethod({
      affiliateId: 'aff_bp_rt',
      paymentMethodId: 'pm_rt_bare_bank',
    });
    expect(readBareBank).toEqual(bareBank);
    expect(Object.keys(readBareBank!.method).sort()).toEqual(['id', 'last4', 'type']);
  });

  it('billing: insertMethod is insert-if-absent; the first stored stays', async () => {
    await storage().transaction((tx) => tx.billing.lockProfile({ profile: profile('aff_bp_dup', 'bp_dup') }));
    const first = { ...card('aff_bp_dup', 'bp_dup', 'pm_dup'), isDefault: true };
    expect(await billing().insertMethod({ method: first })).toBe(true);
    expect(await billing().insertMethod({ method: { ...first, isDefault: false, createdAt: t1 } })).toBe(
      false,
    );
    expect(await billing().listMethods({ affiliateId: 'aff_bp_dup' })).toEqual([first]);
  });

  it('billing: listMethods is oldest first, ties by id; another tenant lists and reads nothing', async () => {
    await storage().transaction((tx) =>
      tx.billing.lockProfile({ profile: profile('aff_bp_list', 'bp_list') }),
    );
    const late = card('aff_bp_list', 'bp_list', 'pm_a_late', t1);
    const earlyB = bank('aff_bp_list', 'bp_list', 'pm_b_early', t0);
    const earlyA = card('aff_bp_list', 'bp_list', 'pm_a_early', t0);
    for (const method of [late, earlyB, earlyA]) await billing().insertMethod({ method });
    expect((await billing().listMethods({ affiliateId: 'aff_bp_list' })).map((m) => m.method.id)).toEqual([
      'pm_a_early',
      'pm_b_early',
      'pm_a_late',
    ]);
    expect(await billing().listMethods({ affiliateId: 'aff_bp_nobody' })).toEqual([]);
    expect(
      await billing().getMethod({ affiliateId: 'aff_bp_nobody', paymentMethodId: 'pm_a_late' }),
    ).toBeUndefined();
    expect(await billing().getProfile({ affiliateId: 'aff_bp_nobody' })).toBeUndefined();
  });

  it('billing: setDefaultMethod leaves exactly one default; an unknown or foreign id changes nothing', async () => {
    await storage().transaction((tx) => tx.billing.lockProfile({ profile: profile('aff_bp_def', 'bp_def') }));
    await storage().transaction((tx) =>
      tx.billing.lockProfile({ profile: profile('aff_bp_def2', 'bp_def2') }),
    );
    await billing().insertMethod({
      method: { ...card('aff_bp_def', 'bp_def', 'pm_def_1'), isDefault: true },
    });
    await billing().insertMethod({ method: bank('aff_bp_def', 'bp_def', 'pm_def_2', t1) });
    await billing().insertMethod({
      method: { ...card('aff_bp_def2', 'bp_def2', 'pm_def_x'), isDefault: true },
    });
    const defaults = async (affiliateId: string) =>
      (await billing().listMethods({ affiliateId })).filter((m) => m.isDefault).map((m) => m.method.id);

    expect(await billing().setDefaultMethod({ affiliateId: 'aff_bp_def', paymentMethodId: 'pm_def_2' })).toBe(
      true,
    );
    expect(await defaults('aff_bp_def')).toEqual(['pm_def_2']);
    expect(await billing().setDefaultMethod({ affiliateId: 'aff_bp_def', paymentMethodId: 'pm_def_2' })).toBe(
      true,
    );
    expect(await defaults('aff_bp_def')).toEqual(['pm_def_2']);
    expect(await billing().setDefaultMethod({ affiliateId: 'aff_bp_def', paymentMethodId: 'pm_none' })).toBe(
      false,
    );
    expect(await billing().setDefaultMethod({ affiliateId: 'aff_bp_def', paymentMethodId: 'pm_def_x' })).toBe(
      false,
    );
    expect(await defaults('aff_bp_def')).toEqual(['pm_def_2']);
    expect(await defaults('aff_bp_def2')).toEqual(['pm_def_x']);
  });

  it('billing: a rolled-back transaction keeps neither the profile nor its methods', async () => {
    await expect(
      storage().transaction(async (tx) => {
        await tx.billing.lockProfile({ profile: profile('aff_bp_tx', 'bp_tx') });
        await tx.billing.insertMethod({ method: card('aff_bp_tx', 'bp_tx', 'pm_tx') });
        throw new Error('processor refused');
      }),
    ).rejects.toThrow('processor refused');
    expect(await billing().getProfile({ affiliateId: 'aff_bp_tx' })).toBeUndefined();
    expect(await billing().listMethods({ affiliateId: 'aff_bp_tx' })).toEqual([]);
  });
}
