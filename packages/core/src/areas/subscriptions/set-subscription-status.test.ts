import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { SetSubscriptionStatusInput } from './set-subscription-status';

const statusEvents = ['subscription_paused', 'subscription_resumed', 'subscription_cancelled'];

async function setup() {
  const capture = await deliveryCapture(statusEvents);
  await capture.svc.commerce.recordOrder({
    affiliateId: 'aff_1',
    order: { id: 'ord_1', status: 'paid', journeyId: 'jrn_1', totalCents: 4_900 },
  });
  await capture.svc.commerce.recordSubscription({
    affiliateId: 'aff_1',
    subscription: {
      id: 'sub_1',
      cadence: { interval: 'month', count: 1 },
      nextBillingDate: '2026-12-01T00:00:00Z',
      patientId: 'pat_1',
      parentOrderId: 'ord_1',
    },
  });
  return capture;
}

const set = (status: SetSubscriptionStatusInput['status']): SetSubscriptionStatusInput => ({
  affiliateId: 'aff_1',
  subscriptionId: 'sub_1',
  status,
});

describe('service.commerce.setSubscriptionStatus', () => {
  it('6.2 COMMERCE: pause, resume and cancel each emit their event, with the parent order’s join key', async () => {
    const { svc, sent } = await setup();
    svc.clock.advance(60_000);
    const paused = await svc.commerce.setSubscriptionStatus(set('paused'));
    expect(paused).toMatchObject({ status: 'paused', updatedAt: new Date('2026-11-23T10:01:00.000Z') });
    await svc.commerce.setSubscriptionStatus(set('active'));
    await svc.commerce.setSubscriptionStatus(set('cancelled'));
    const bodies = await sent();
    expect(bodies.map((b) => [b.event_type, b.subscription_status])).toEqual([
      ['subscription_paused', 'paused'],
      ['subscription_resumed', 'active'],
      ['subscription_cancelled', 'cancelled'],
    ]);
    for (const body of bodies) {
      expect(body).toMatchObject({
        subscription_id: 'sub_1',
        ecommerce_order_id: 'ord_1',
        journey_id: 'jrn_1',
        plan_type: '1_month',
        patient_id: 'pat_1',
      });
    }
  });

  it('the status it already has changes and emits nothing; a cancelled subscription made active is resumed', async () => {
    const { svc, sent } = await setup();
    await sent();
    const same = await svc.commerce.setSubscriptionStatus(set('active'));
    expect(same.updatedAt).toEqual(new Date('2026-11-23T10:00:00.000Z'));
    await svc.commerce.setSubscriptionStatus(set('cancelled'));
    await svc.commerce.setSubscriptionStatus(set('cancelled'));
    await svc.commerce.setSubscriptionStatus(set('active'));
    expect((await sent()).map((b) => b.event_type)).toEqual([
      'subscription_cancelled',
      'subscription_resumed',
    ]);
  });

  it('recordSubscription reporting a new status emits the same events', async () => {
    const { svc, sent } = await setup();
    await sent();
    const base = {
      id: 'sub_1',
      cadence: { interval: 'month' as const, count: 1 },
      nextBillingDate: '2026-12-01T00:00:00Z',
    };
    await svc.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: { ...base, status: 'paused' },
    });
    await svc.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: { ...base, status: 'paused' },
    });
    await svc.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: { ...base, status: 'past_due' },
    });
    expect((await sent()).map((b) => b.event_type)).toEqual(['subscription_paused']);
  });

  it('404 NOT_FOUND for a missing subscription or another affiliate’s', async () => {
    const { svc, sent } = await setup();
    await sent();
    await expect(
      svc.commerce.setSubscriptionStatus({ ...set('paused'), subscriptionId: 'sub_9' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      svc.commerce.setSubscriptionStatus({ ...set('paused'), affiliateId: 'aff_2' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await sent()).toEqual([]);
  });

  it.each([
    ['status', set('past_due' as 'paused')],
    ['subscriptionId', { ...set('paused'), subscriptionId: '' }],
    ['input', { ...set('paused'), reason: 'x' }],
  ])('422 INVALID_FIELD names %s', async (field, bad) => {
    const { svc } = await setup();
    await expect(svc.commerce.setSubscriptionStatus(bad as SetSubscriptionStatusInput)).rejects.toMatchObject(
      { code: 'INVALID_FIELD', field },
    );
  });
});
