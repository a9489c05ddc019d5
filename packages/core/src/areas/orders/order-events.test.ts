import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { isAffiliateCommerceError } from '../../base/errors';

const setup = () =>
  deliveryCapture([
    'ecommerce_order_created',
    'ecommerce_order_paid',
    'ecommerce_order_refunded',
    'subscription_renewed',
    'subscription_created',
  ]);

const order = (id: string, overrides: Record<string, unknown> = {}) => ({
  affiliateId: 'aff_1',
  order: {
    id,
    status: 'paid' as const,
    totalCents: 4_900,
    currency: 'USD',
    products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 4_900 }],
    ...overrides,
  },
});

describe('4 commerce calls emit their events in the same transaction', () => {
  it('6.4 a new paid order emits ecommerce_order_created and ecommerce_order_paid with first_purchase true', async () => {
    const { svc, sent } = await setup();
    await svc.commerce.recordOrder(order('ord_1'));
    const bodies = await sent();
    expect(bodies.map((b) => b.event_type).sort()).toEqual([
      'ecommerce_order_created',
      'ecommerce_order_paid',
    ]);
    for (const body of bodies) {
      expect(body).toMatchObject({
        ecommerce_order_id: 'ord_1',
        first_purchase: true,
        total_value_cents: 4_900,
        currency: 'USD',
      });
      expect(body).not.toHaveProperty('journey_id');
    }
  });

  it('recording the same order again emits nothing new; a status change emits its event', async () => {
    const { svc, sent } = await setup();
    await svc.commerce.recordOrder(order('ord_1'));
    await sent();
    await svc.commerce.recordOrder(order('ord_1'));
    expect(await sent()).toEqual([]);
    await svc.commerce.setOrderStatus({ affiliateId: 'aff_1', orderId: 'ord_1', status: 'refunded' });
    expect((await sent()).map((b) => b.event_type)).toEqual(['ecommerce_order_refunded']);
  });

  it('6.4 a renewal emits subscription_renewed with first_purchase false and its cycle number', async () => {
    const { svc, sent } = await setup();
    await svc.commerce.recordOrder(order('ord_1'));
    await sent();
    await svc.commerce.recordOrder(
      order('ord_2', { isRenewal: true, parentOrderId: 'ord_1', cycleNumber: 2, status: 'pending' }),
    );
    const bodies = await sent();
    const renewed = bodies.find((b) => b.event_type === 'subscription_renewed');
    expect(renewed).toMatchObject({ first_purchase: false, cycle_number: 2, ecommerce_order_id: 'ord_2' });
    expect(bodies.find((b) => b.event_type === 'ecommerce_order_created')).toMatchObject({
      first_purchase: false,
    });
  });

  it('a new subscription emits subscription_created once', async () => {
    const { svc, sent } = await setup();
    const input = {
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: { interval: 'month' as const, count: 1 },
        nextBillingDate: '2026-12-01T00:00:00Z',
      },
    };
    await svc.commerce.recordSubscription(input);
    await svc.commerce.recordSubscription(input);
    const bodies = await sent();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      event_type: 'subscription_created',
      subscription_id: 'sub_1',
      subscription_status: 'active',
    });
  });

  it('a rolled-back commerce call leaves no event behind', async () => {
    const { svc, sent } = await setup();
    await expect(svc.commerce.recordOrder(order('ord_bad', { totalCents: -1 }))).rejects.toSatisfy(
      isAffiliateCommerceError,
    );
    expect(await sent()).toEqual([]);
  });
});
