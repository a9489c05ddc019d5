import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { RecordRenewalFailureInput } from './record-renewal-failure';

async function setup() {
  const capture = await deliveryCapture(['subscription_renewal_failed']);
  await capture.svc.commerce.recordOrder({
    affiliateId: 'aff_1',
    order: { id: 'ord_1', status: 'paid', journeyId: 'jrn_1', totalCents: 4_900 },
  });
  await capture.svc.commerce.recordSubscription({
    affiliateId: 'aff_1',
    subscription: {
      id: 'sub_1',
      cadence: { interval: 'week', count: 4 },
      nextBillingDate: '2026-12-01T00:00:00Z',
      patientId: 'pat_1',
      parentOrderId: 'ord_1',
    },
  });
  return capture;
}

const failure = (overrides: Partial<RecordRenewalFailureInput> = {}): RecordRenewalFailureInput => ({
  affiliateId: 'aff_1',
  subscriptionId: 'sub_1',
  cycleNumber: 2,
  ...overrides,
});

describe('service.commerce.recordRenewalFailure', () => {
  it('6.2 COMMERCE and 6.4: subscription_renewal_failed with its cycle, failed payment and first_purchase false', async () => {
    const { svc, sent } = await setup();
    const event = await svc.commerce.recordRenewalFailure(failure({ totalCents: 4_900, currency: 'USD' }));
    expect(event.eventType).toBe('subscription_renewal_failed');
    const [body, ...rest] = await sent();
    expect(rest).toEqual([]);
    expect(body).toMatchObject({
      event_type: 'subscription_renewal_failed',
      subscription_id: 'sub_1',
      subscription_status: 'active',
      cycle_number: 2,
      payment_status: 'failed',
      first_purchase: false,
      total_value_cents: 4_900,
      currency: 'USD',
      plan_type: '4_week',
      ecommerce_order_id: 'ord_1',
      journey_id: 'jrn_1',
      patient_id: 'pat_1',
    });
  });

  it('one event per cycle and attempt: a repeat is the same event, the next attempt another', async () => {
    const { svc, sent } = await setup();
    const first = await svc.commerce.recordRenewalFailure(failure());
    const again = await svc.commerce.recordRenewalFailure(failure({ attempt: 1 }));
    expect(again.eventId).toBe(first.eventId);
    await svc.commerce.recordRenewalFailure(failure({ attempt: 2, orderId: 'ord_2' }));
    const bodies = await sent();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ ecommerce_order_id: 'ord_2', journey_id: 'jrn_1' });
    expect(await svc.deps.storage.subscriptions.get({ affiliateId: 'aff_1', id: 'sub_1' })).toMatchObject({
      status: 'active',
    });
  });

  it('404 NOT_FOUND for a missing subscription or another affiliate’s', async () => {
    const { svc, sent } = await setup();
    await sent();
    for (const bad of [failure({ subscriptionId: 'sub_9' }), failure({ affiliateId: 'aff_2' })]) {
      await expect(svc.commerce.recordRenewalFailure(bad)).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(await sent()).toEqual([]);
  });

  it.each([
    ['cycleNumber', failure({ cycleNumber: 0 })],
    ['cycleNumber', failure({ cycleNumber: 1.5 })],
    ['attempt', failure({ attempt: 0 })],
    ['totalCents', failure({ totalCents: -1 })],
    ['currency', failure({ currency: 'usd' })],
  ])('422 INVALID_FIELD names %s', async (field, bad) => {
    const { svc } = await setup();
    await expect(svc.commerce.recordRenewalFailure(bad)).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field,
    });
  });
});
