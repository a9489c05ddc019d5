import type { CouponRedemption, Order, Storage } from '@affiliate-commerce/core';
import { describe, expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.123Z');
const affiliateId = 'aff_orders';

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'ord_1',
    affiliateId,
    status: 'paid',
    createdAt: t0,
    updatedAt: t0,
    isRenewal: false,
    totalCents: 8_500,
    currency: 'USD',
    products: [{ productVariationId: 'pv_1', quantity: 2, unitPriceCents: 5_000, isAddon: false }],
    ...overrides,
  };
}

function redemption(overrides: Partial<CouponRedemption> = {}): CouponRedemption {
  return {
    id: 'red_1',
    affiliateId,
    orderId: 'ord_1',
    code: 'SAVE15',
    discountType: 'percent',
    discountAmount: 15,
    discountCents: 1_500,
    currency: 'USD',
    redeemedAt: t0,
    productVariationIds: ['pv_1'],
    ...overrides,
  };
}

/**
 * The order store contract: orders and their coupon redemptions round-trip exactly, are
 * replaced whole, stay inside their tenant, and roll back with a transaction. Called from
 * `storageContract`, so memory, PGlite and the PostgreSQL server all run it.
 *
 * @example
 * orderStoreContract(() => storage);
 */
export function orderStoreContract(getStorage: () => Storage): void {
  describe('orders', () => {
    it('round-trips every field of an order and its redemptions, omitting absent optional ones', async () => {
      const storage = getStorage();
      const full = order({
        id: 'ord_full',
        status: 'processing',
        createdAt: new Date('2026-01-31T23:59:59.999Z'),
        patientId: 'pat_1',
        journeyId: 'jrn_1',
        subscriptionId: 'sub_1',
        parentOrderId: 'ord_parent',
        isRenewal: true,
        cycleNumber: 3,
        totalCents: 9_007_199_254_740_991,
        currency: 'EUR',
        products: [
          { productVariationId: 'pv_1', quantity: 1, unitPriceCents: 12_345, isAddon: false },
          { productVariationId: 'pv_2', quantity: 3, unitPriceCents: 0, isAddon: true },
        ],
        campaignId: 'cmp_1',
      });
      const redemptions = [
        redemption({ id: 'red_full_b', orderId: 'ord_full', discountAmount: 12.34, discountType: 'fixed' }),
        redemption({
          id: 'red_full_a',
          orderId: 'ord_full',
          campaignId: 'cmp_2',
          currency: 'EUR',
          productVariationIds: ['pv_1', 'pv_2'],
          redeemedAt: new Date('2026-02-01T00:00:00.000Z'),
        }),
      ];
      expect(await storage.orders.save({ order: full, couponRedemptions: redemptions })).toBeUndefined();
      expect(await storage.orders.get({ affiliateId, id: 'ord_full' })).toEqual(full);
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_full' })).toEqual(
        redemptions,
      );

      const bare = order({ id: 'ord_bare', products: [] });
      await storage.orders.save({ order: bare, couponRedemptions: [] });
      const read = await storage.orders.get({ affiliateId, id: 'ord_bare' });
      expect(read).toEqual(bare);
      expect(Object.keys(read!).sort()).toEqual([
        'affiliateId',
        'createdAt',
        'currency',
        'id',
        'isRenewal',
        'products',
        'status',
        'totalCents',
        'updatedAt',
      ]);
      const [stored] = await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_full' });
      expect(Object.keys(stored!)).not.toContain('campaignId');
    });

    it('saving an order again replaces it and all of its redemptions', async () => {
      const storage = getStorage();
      const first = order({ id: 'ord_re', campaignId: 'cmp_1' });
      await storage.orders.save({
        order: first,
        couponRedemptions: [
          redemption({ id: 'red_re_1', orderId: 'ord_re' }),
          redemption({ id: 'red_re_2', orderId: 'ord_re' }),
        ],
      });
      const replaced = order({ id: 'ord_re', status: 'refunded', totalCents: 100 });
      const kept = redemption({ id: 'red_re_2', orderId: 'ord_re', code: 'NEW', discountCents: 7 });
      // The save answers the order as it was before it.
      expect(await storage.orders.save({ order: replaced, couponRedemptions: [kept] })).toEqual(first);
      expect(await storage.orders.get({ affiliateId, id: 'ord_re' })).toEqual(replaced);
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_re' })).toEqual([kept]);
    });

    it('a replacement may keep, reorder, add and drop redemptions at once', async () => {
      const storage = getStorage();
      const ids = ['red_mix_1', 'red_mix_2', 'red_mix_3'];
      await storage.orders.save({
        order: order({ id: 'ord_mix' }),
        couponRedemptions: ids.map((id) => redemption({ id, orderId: 'ord_mix' })),
      });
      const next = [
        redemption({ id: 'red_mix_3', orderId: 'ord_mix', code: 'THIRD' }),
        redemption({ id: 'red_mix_4', orderId: 'ord_mix', code: 'NEW' }),
        redemption({ id: 'red_mix_1', orderId: 'ord_mix', discountCents: 1 }),
      ];
      await storage.orders.save({ order: order({ id: 'ord_mix' }), couponRedemptions: next });
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_mix' })).toEqual(next);
      await storage.orders.save({ order: order({ id: 'ord_mix' }), couponRedemptions: [] });
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_mix' })).toEqual([]);
    });

    it('keepCreatedAt keeps the stored creation time of a replaced order, and sets it on a new one', async () => {
      const storage = getStorage();
      const created = new Date('2026-01-01T00:00:00.000Z');
      const later = new Date('2026-03-01T00:00:00.000Z');
      await storage.orders.save({
        order: order({ id: 'ord_keep', createdAt: created }),
        couponRedemptions: [],
        keepCreatedAt: true,
      });
      expect(await storage.orders.get({ affiliateId, id: 'ord_keep' })).toMatchObject({ createdAt: created });
      await storage.orders.save({
        order: order({ id: 'ord_keep', status: 'paid', createdAt: later }),
        couponRedemptions: [],
        keepCreatedAt: true,
      });
      expect(await storage.orders.get({ affiliateId, id: 'ord_keep' })).toMatchObject({
        status: 'paid',
        createdAt: created,
      });
      await storage.orders.save({
        order: order({ id: 'ord_keep', createdAt: later }),
        couponRedemptions: [],
      });
      expect(await storage.orders.get({ affiliateId, id: 'ord_keep' })).toMatchObject({ createdAt: later });
    });

    it('redemption ids are unique within their order: the same id under two orders is two redemptions', async () => {
      const storage = getStorage();
      const first = redemption({ id: 'red_same', orderId: 'ord_same_a' });
      const second = redemption({ id: 'red_same', orderId: 'ord_same_b', code: 'OTHER' });
      await storage.orders.save({ order: order({ id: 'ord_same_a' }), couponRedemptions: [first] });
      await storage.orders.save({ order: order({ id: 'ord_same_b' }), couponRedemptions: [second] });
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_same_a' })).toEqual([first]);
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_same_b' })).toEqual([
        second,
      ]);
    });

    it('the same id in two affiliates are two records; another tenant reads nothing', async () => {
      const storage = getStorage();
      await storage.orders.save({
        order: order({ id: 'ord_shared', status: 'paid' }),
        couponRedemptions: [redemption({ id: 'red_shared', orderId: 'ord_shared' })],
      });
      await storage.orders.save({
        order: order({ id: 'ord_shared', affiliateId: 'aff_orders_2', status: 'cancelled' }),
        couponRedemptions: [],
      });
      expect(await storage.orders.get({ affiliateId, id: 'ord_shared' })).toMatchObject({ status: 'paid' });
      expect(await storage.orders.get({ affiliateId: 'aff_orders_2', id: 'ord_shared' })).toMatchObject({
        status: 'cancelled',
      });
      expect(
        await storage.orders.couponRedemptions({ affiliateId: 'aff_orders_2', orderId: 'ord_shared' }),
      ).toEqual([]);
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_shared' })).toHaveLength(1);
      expect(await storage.orders.get({ affiliateId: 'aff_orders_3', id: 'ord_shared' })).toBeUndefined();
    });

    it('setStatus changes status and updatedAt only, within the tenant', async () => {
      const storage = getStorage();
      const original = order({ id: 'ord_status', journeyId: 'jrn_9' });
      await storage.orders.save({
        order: original,
        couponRedemptions: [redemption({ orderId: 'ord_status', id: 'red_status' })],
      });
      const later = new Date('2026-11-24T08:00:00.000Z');
      const updated = await storage.orders.setStatus({
        affiliateId,
        id: 'ord_status',
        status: 'refunded',
        updatedAt: later,
      });
      expect(updated).toEqual({ ...original, status: 'refunded', updatedAt: later });
      expect(await storage.orders.get({ affiliateId, id: 'ord_status' })).toEqual(updated);
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_status' })).toHaveLength(1);
      expect(
        await storage.orders.setStatus({
          affiliateId: 'aff_orders_2',
          id: 'ord_status',
          status: 'paid',
          updatedAt: later,
        }),
      ).toBeUndefined();
      expect(
        await storage.orders.setStatus({ affiliateId, id: 'ord_missing', status: 'paid', updatedAt: later }),
      ).toBeUndefined();
    });

    it('a transaction that throws leaves neither the order nor its redemptions', async () => {
      const storage = getStorage();
      await expect(
        storage.transaction(async (tx) => {
          await tx.orders.save({
            order: order({ id: 'ord_rollback' }),
            couponRedemptions: [redemption({ id: 'red_rollback', orderId: 'ord_rollback' })],
          });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await storage.orders.get({ affiliateId, id: 'ord_rollback' })).toBeUndefined();
      expect(await storage.orders.couponRedemptions({ affiliateId, orderId: 'ord_rollback' })).toEqual([]);
    });
  });
}
