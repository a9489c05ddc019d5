import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { RecordOrderInput } from './order-input';

const products = [
  { productVariationId: 'pv_1', quantity: 2, unitPriceCents: 5_000 },
  { productVariationId: 'pv_2', quantity: 1, unitPriceCents: 1_500, isAddon: true },
];
const coupon = {
  code: 'SAVE15',
  discountType: 'percent' as const,
  discountAmount: 15,
  discountCents: 1_725,
  redeemedAt: '2026-11-02T10:00:00Z',
};
const input = (order: Partial<RecordOrderInput['order']> = {}): RecordOrderInput => ({
  affiliateId: 'aff_1',
  order: { id: 'ord_1', totalCents: 9_775, products, couponRedemptions: [coupon], ...order },
});

describe('service.commerce.recordOrder', () => {
  it('stores the order with its defaults and its redemptions, filled from the order', async () => {
    const service = testService();
    const recorded = await service.commerce.recordOrder(
      input({ createdAt: '2026-11-02T12:00:00+02:00', campaignId: 'cmp_1', journeyId: 'jrn_1' }),
    );
    const now = new Date('2026-11-23T10:00:00.000Z');
    const order = {
      id: 'ord_1',
      affiliateId: 'aff_1',
      status: 'pending',
      createdAt: new Date('2026-11-02T10:00:00.000Z'),
      updatedAt: now,
      journeyId: 'jrn_1',
      isRenewal: false,
      totalCents: 9_775,
      currency: 'USD',
      products: [
        { productVariationId: 'pv_1', quantity: 2, unitPriceCents: 5_000, isAddon: false },
        { productVariationId: 'pv_2', quantity: 1, unitPriceCents: 1_500, isAddon: true },
      ],
      campaignId: 'cmp_1',
    };
    const redemption = {
      id: 'ord_1_coupon_1',
      affiliateId: 'aff_1',
      orderId: 'ord_1',
      code: 'SAVE15',
      discountType: 'percent',
      discountAmount: 15,
      discountCents: 1_725,
      currency: 'USD',
      redeemedAt: new Date('2026-11-02T10:00:00.000Z'),
      campaignId: 'cmp_1',
      productVariationIds: ['pv_1', 'pv_2'],
    };
    expect(recorded).toEqual({ order, couponRedemptions: [redemption] });
    expect(await service.deps.storage.orders.get({ affiliateId: 'aff_1', id: 'ord_1' })).toEqual(order);
    expect(
      await service.deps.storage.orders.couponRedemptions({ affiliateId: 'aff_1', orderId: 'ord_1' }),
    ).toEqual([redemption]);
  });

  it('keeps every optional field it is given, and a redemption’s own campaign and products', async () => {
    const service = testService();
    const recorded = await service.commerce.recordOrder(
      input({
        status: 'paid',
        createdAt: new Date('2026-11-01T00:00:00.000Z'),
        patientId: 'pat_1',
        subscriptionId: 'sub_1',
        parentOrderId: 'ord_0',
        isRenewal: true,
        cycleNumber: 2,
        currency: 'EUR',
        campaignId: 'cmp_1',
        couponRedemptions: [
          { ...coupon, id: 'red_own', campaignId: 'cmp_coupon', productVariationIds: ['pv_2', 'pv_2'] },
        ],
      }),
    );
    expect(recorded.order).toMatchObject({
      status: 'paid',
      patientId: 'pat_1',
      subscriptionId: 'sub_1',
      parentOrderId: 'ord_0',
      isRenewal: true,
      cycleNumber: 2,
      currency: 'EUR',
    });
    expect(recorded.couponRedemptions).toEqual([
      expect.objectContaining({
        id: 'red_own',
        campaignId: 'cmp_coupon',
        productVariationIds: ['pv_2'],
        currency: 'EUR',
      }),
    ]);
  });

  it('is idempotent: recording the same id again replaces the order and all its redemptions', async () => {
    const service = testService();
    await service.commerce.recordOrder(
      input({ createdAt: '2026-11-02T10:00:00Z', couponRedemptions: [coupon, { ...coupon, code: 'TWO' }] }),
    );
    const first = await service.deps.storage.orders.couponRedemptions({
      affiliateId: 'aff_1',
      orderId: 'ord_1',
    });
    expect(first.map((r) => r.id)).toEqual(['ord_1_coupon_1', 'ord_1_coupon_2']);

    service.clock.advance(60_000);
    const again = await service.commerce.recordOrder(input({ status: 'refunded' }));
    expect(again.order).toMatchObject({
      status: 'refunded',
      createdAt: new Date('2026-11-02T10:00:00.000Z'),
      updatedAt: new Date('2026-11-23T10:01:00.000Z'),
    });
    const second = await service.deps.storage.orders.couponRedemptions({
      affiliateId: 'aff_1',
      orderId: 'ord_1',
    });
    expect(second).toEqual([first[0]]);
  });

  it('generates an order id when none is given, and createdAt defaults to now', async () => {
    const service = testService();
    const recorded = await service.commerce.recordOrder({ affiliateId: 'aff_1', order: { totalCents: 0 } });
    expect(recorded.order).toMatchObject({
      id: 'ord_1',
      createdAt: new Date('2026-11-23T10:00:00.000Z'),
      products: [],
    });
  });

  it.each([
    ['order.totalCents', input({ totalCents: 12.5 })],
    ['order.totalCents', input({ totalCents: -1 })],
    ['order.totalCents', input({ totalCents: '100' as unknown as number })],
    ['order.totalCents', { affiliateId: 'aff_1', order: {} } as RecordOrderInput],
    [
      'order.products.0.unitPriceCents',
      input({ products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 1.5 }] }),
    ],
    [
      'order.products.0.quantity',
      input({ products: [{ productVariationId: 'pv_1', quantity: 0, unitPriceCents: 1 }] }),
    ],
    ['order.createdAt', input({ createdAt: '2026-11-02T10:00:00' })],
    ['order.createdAt', input({ createdAt: '2026-02-30T10:00:00Z' })],
    ['order.createdAt', input({ createdAt: new Date('nope') })],
    ['order.createdAt', input({ createdAt: '0999-12-31T23:59:59Z' })],
    ['order.createdAt', input({ createdAt: '9999-12-31T23:00:00-05:00' })],
    ['order.createdAt', input({ createdAt: new Date(Date.UTC(10_000, 0, 1)) })],
    [
      'order.couponRedemptions.0.redeemedAt',
      input({ couponRedemptions: [{ ...coupon, redeemedAt: 'yesterday' }] }),
    ],
    [
      'order.couponRedemptions.0.redeemedAt',
      input({ couponRedemptions: [{ ...coupon, redeemedAt: undefined as unknown as string }] }),
    ],
    [
      'order.couponRedemptions.0.discountCents',
      input({ couponRedemptions: [{ ...coupon, discountCents: 17.25 }] }),
    ],
    [
      'order.couponRedemptions.0.discountAmount',
      input({ couponRedemptions: [{ ...coupon, discountAmount: 12.345 }] }),
    ],
    [
      'order.couponRedemptions.0.discountAmount',
      input({ couponRedemptions: [{ ...coupon, discountAmount: 101 }] }),
    ],
    [
      'order.couponRedemptions.0.discountType',
      input({ couponRedemptions: [{ ...coupon, discountType: 'bogo' as 'fixed' }] }),
    ],
    ['order.couponRedemptions.0.code', input({ couponRedemptions: [{ ...coupon, code: ' SAVE15' }] })],
    ['order.couponRedemptions.0.code', input({ couponRedemptions: [{ ...coupon, code: 'SAVE\n15' }] })],
    ['order.couponRedemptions.0.code', input({ couponRedemptions: [{ ...coupon, code: '' }] })],
    [
      'order.couponRedemptions.0.productVariationIds.1',
      input({ couponRedemptions: [{ ...coupon, productVariationIds: ['pv_1', 'pv_9'] }] }),
    ],
    [
      'order.couponRedemptions.1.id',
      input({
        couponRedemptions: [
          { ...coupon, id: 'r' },
          { ...coupon, id: 'r' },
        ],
      }),
    ],
    [
      'order.couponRedemptions.1.id',
      input({ couponRedemptions: [coupon, { ...coupon, id: 'ord_1_coupon_1' }] }),
    ],
    ['order.currency', input({ currency: 'usd' })],
    ['order.status', input({ status: 'shipped' as 'paid' })],
    ['order.id', input({ id: 'ord\u0000nul' })],
    ['order.campaignId', input({ campaignId: '\ud800' })],
    [
      'order',
      { affiliateId: 'aff_1', order: { totalCents: 1, total_cents: 1 } } as unknown as RecordOrderInput,
    ],
    ['affiliateId', { ...input(), affiliateId: '' }],
  ])('422 INVALID_FIELD names %s', async (field, bad) => {
    const service = testService();
    await expect(service.commerce.recordOrder(bad)).rejects.toMatchObject({ code: 'INVALID_FIELD', field });
    expect(await service.deps.storage.orders.get({ affiliateId: 'aff_1', id: 'ord_1' })).toBeUndefined();
  });

  it('stores nothing when the store fails half way (one transaction)', async () => {
    const service = testService();
    const storage = service.deps.storage;
    const failing = {
      ...storage,
      transaction: <T>(fn: (tx: typeof storage) => Promise<T>) =>
        storage.transaction((tx) =>
          fn({
            ...tx,
            orders: {
              ...tx.orders,
              save: async (args) => {
                await tx.orders.save(args);
                throw new Error('disk full');
              },
            },
          }),
        ),
    };
    const broken = testService({ storage: failing });
    await expect(broken.commerce.recordOrder(input())).rejects.toThrow('disk full');
    expect(await storage.orders.get({ affiliateId: 'aff_1', id: 'ord_1' })).toBeUndefined();
    expect(await storage.orders.couponRedemptions({ affiliateId: 'aff_1', orderId: 'ord_1' })).toEqual([]);
  });
});
