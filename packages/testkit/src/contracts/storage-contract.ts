import type { Storage, Subscription } from '@affiliate-commerce/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptHoursContract } from './attempt-hours-contract';
import { billingStoreContract } from './billing-store-contract';
import { caseStoreContract } from './case-store-contract';
import { couponReportContract } from './coupon-report-contract';
import { deliveryStoreContract } from './delivery-store-contract';
import { journeyStoreContract } from './journey-store-contract';
import { orderStoreContract } from './order-store-contract';
import { recordStoreContract } from './record-store-contract';
import { webhookStoreContract } from './webhook-store-contract';

/** Makes a fresh, empty storage for one contract run; `teardown` drops what it made. */
export type StorageFactory = () => Promise<{ storage: Storage; teardown?: () => Promise<void> }>;

const t0 = new Date('2026-11-23T10:00:00.000Z');

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 'sub_1',
    affiliateId: 'aff_1',
    status: 'active',
    cadence: { interval: 'month', count: 1 },
    nextBillingDate: new Date('2026-12-05T09:30:00.000Z'),
    createdAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

/**
 * The storage contract: written once, run against every implementation (memory, PGlite, the
 * PostgreSQL server), so they all behave the same.
 *
 * @example
 * storageContract('memory', async () => ({ storage: memoryStorage() }));
 */
export function storageContract(name: string, factory: StorageFactory): void {
  describe(`storage contract: ${name}`, () => {
    let storage: Storage;
    let teardown: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      ({ storage, teardown } = await factory());
      await storage.affiliates.upsert({
        affiliate: { id: 'aff_1', name: 'One', ecommerceEnabled: true, createdAt: t0 },
      });
      await storage.affiliates.upsert({
        affiliate: { id: 'aff_2', name: 'Two', ecommerceEnabled: false, createdAt: t0 },
      });
    });
    afterAll(async () => {
      await storage.close();
      await teardown?.();
    });

    deliveryStoreContract(() => storage);
    attemptHoursContract(() => storage);
    recordStoreContract(() => storage);
    webhookStoreContract(() => storage);
    orderStoreContract(() => storage);
    couponReportContract(() => storage);
    journeyStoreContract(() => storage);
    billingStoreContract(() => storage);
    caseStoreContract(() => storage);

    it('affiliates: stores, reads and updates settings', async () => {
      expect(await storage.affiliates.get({ affiliateId: 'aff_2' })).toEqual({
        id: 'aff_2',
        name: 'Two',
        ecommerceEnabled: false,
        createdAt: t0,
      });
      await storage.affiliates.upsert({
        affiliate: { id: 'aff_2', name: 'Two!', ecommerceEnabled: true, createdAt: t0 },
      });
      expect(await storage.affiliates.get({ affiliateId: 'aff_2' })).toMatchObject({
        name: 'Two!',
        ecommerceEnabled: true,
      });
      expect(await storage.affiliates.get({ affiliateId: 'aff_none' })).toBeUndefined();
    });

    it('subscriptions: round-trips every field, omitting absent optional ones (never null)', async () => {
      const full = subscription({
        id: 'sub_full',
        endDate: new Date('2027-06-05T09:30:00.000Z'),
        patientId: 'pat_1',
        parentOrderId: 'ord_1',
        cadence: { interval: 'week', count: 2 },
      });
      await storage.subscriptions.upsert({ subscription: full });
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_full' })).toEqual(full);
      const bare = subscription({ id: 'sub_bare' });
      await storage.subscriptions.upsert({ subscription: bare });
      const read = await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_bare' });
      expect(read).toEqual(bare);
      expect(Object.keys(read!)).not.toContain('endDate');
    });

    it('subscriptions: the same id in two affiliates are two records; another tenant reads nothing', async () => {
      await storage.subscriptions.upsert({
        subscription: subscription({ id: 'sub_shared', status: 'active' }),
      });
      await storage.subscriptions.upsert({
        subscription: subscription({ id: 'sub_shared', affiliateId: 'aff_2', status: 'paused' }),
      });
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_shared' })).toMatchObject({
        status: 'active',
      });
      expect(await storage.subscriptions.get({ affiliateId: 'aff_2', id: 'sub_shared' })).toMatchObject({
        status: 'paused',
      });
      await storage.subscriptions.upsert({ subscription: subscription({ id: 'sub_mine' }) });
      expect(await storage.subscriptions.get({ affiliateId: 'aff_2', id: 'sub_mine' })).toBeUndefined();
    });

    it('subscriptions: upsert replaces the record', async () => {
      await storage.subscriptions.upsert({
        subscription: subscription({ id: 'sub_up', endDate: new Date('2027-01-01T00:00:00Z') }),
      });
      await storage.subscriptions.upsert({
        subscription: subscription({ id: 'sub_up', status: 'cancelled' }),
      });
      const read = await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_up' });
      expect(read).toMatchObject({ status: 'cancelled' });
      expect(read?.endDate).toBeUndefined();
    });

    it('section 3: moveRenewal moves nextBillingDate, and endDate by the same amount', async () => {
      await storage.subscriptions.upsert({
        subscription: subscription({ id: 'sub_move', endDate: new Date('2027-06-05T09:30:00.000Z') }),
      });
      const later = new Date('2026-11-24T10:00:00.000Z');
      const moved = await storage.subscriptions.moveRenewal({
        affiliateId: 'aff_1',
        id: 'sub_move',
        from: new Date('2026-12-05T09:30:00.000Z'),
        to: new Date('2027-01-15T09:30:00.000Z'),
        updatedAt: later,
      });
      expect(moved).toMatchObject({
        nextBillingDate: new Date('2027-01-15T09:30:00.000Z'),
        endDate: new Date('2027-07-16T09:30:00.000Z'),
        cadence: { interval: 'month', count: 1 },
        updatedAt: later,
      });
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_move' })).toEqual(moved);
    });

    it('moveRenewal is a compare-and-set: a stale `from`, or another tenant, changes nothing', async () => {
      await storage.subscriptions.upsert({ subscription: subscription({ id: 'sub_cas' }) });
      const args = { id: 'sub_cas', to: new Date('2027-02-01T09:30:00.000Z'), updatedAt: t0 };
      expect(
        await storage.subscriptions.moveRenewal({
          ...args,
          affiliateId: 'aff_1',
          from: new Date('2026-12-06T09:30:00Z'),
        }),
      ).toBeUndefined();
      expect(
        await storage.subscriptions.moveRenewal({
          ...args,
          affiliateId: 'aff_2',
          from: new Date('2026-12-05T09:30:00Z'),
        }),
      ).toBeUndefined();
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_cas' })).toEqual(
        subscription({ id: 'sub_cas' }),
      );
    });

    it('moveRenewal: of two concurrent moves from the same date, exactly one wins', async () => {
      await storage.subscriptions.upsert({ subscription: subscription({ id: 'sub_race' }) });
      const from = new Date('2026-12-05T09:30:00.000Z');
      const results = await Promise.all(
        ['2027-01-01T09:30:00Z', '2027-02-01T09:30:00Z'].map((to) =>
          storage.subscriptions.moveRenewal({
            affiliateId: 'aff_1',
            id: 'sub_race',
            from,
            to: new Date(to),
            updatedAt: t0,
          }),
        ),
      );
      expect(results.filter((result) => result !== undefined)).toHaveLength(1);
    });

    it('transaction: commits on success, rolls back everything on a throw', async () => {
      await storage.transaction(async (tx) => {
        await tx.subscriptions.upsert({ subscription: subscription({ id: 'sub_tx_ok' }) });
      });
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_tx_ok' })).toBeDefined();

      await expect(
        storage.transaction(async (tx) => {
          await tx.subscriptions.upsert({ subscription: subscription({ id: 'sub_tx_bad' }) });
          await tx.affiliates.upsert({
            affiliate: { id: 'aff_tx', name: 'Tx', ecommerceEnabled: true, createdAt: t0 },
          });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_tx_bad' })).toBeUndefined();
      expect(await storage.affiliates.get({ affiliateId: 'aff_tx' })).toBeUndefined();
    });

    it('transaction: a nested call joins the outer transaction', async () => {
      await expect(
        storage.transaction(async (tx) => {
          await tx.transaction(async (inner) => {
            await inner.subscriptions.upsert({ subscription: subscription({ id: 'sub_nested' }) });
          });
          throw new Error('outer fails');
        }),
      ).rejects.toThrow('outer fails');
      expect(await storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_nested' })).toBeUndefined();
    });
  });
}
