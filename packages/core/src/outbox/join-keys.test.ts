import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

const interests = [
  'journey_started',
  'journey_completed',
  'ecommerce_order_created',
  'ecommerce_order_paid',
  'subscription_created',
  'subscription_renewed',
  'subscription_paused',
  'prescription_created',
  'shipment_delivered',
  'order_created',
  'payment_succeeded',
  'support_case_created',
];

/** A capture service with a journey started from a storefront visit with utm_source=mail. */
async function setup() {
  const capture = await deliveryCapture(interests);
  const { svc } = capture;
  await svc.commerce.recordJourneyTemplate({
    affiliateId: 'aff_1',
    template: {
      slug: 'start-your-plan',
      template_display_name: 'Start your plan',
      landing_url: 'https://shop.example.com/start',
      journey_type: 'checkout',
    },
  });
  await svc.handle(
    new Request('http://api.test/v2/journeyTemplates/start-your-plan/frontend?visitorId=v1&utm_source=mail'),
  );
  const created = await svc.handle(
    new Request('http://api.test/journeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateSlug: 'start-your-plan', slug: 'start-your-plan', visitorId: 'v1' }),
    }),
  );
  expect(created.status).toBe(201);
  const journeyId = ((await created.json()) as { data: { id: string } }).data.id;
  await capture.sent();
  return { ...capture, journeyId };
}

const order = (id: string, extra: Record<string, unknown> = {}) => ({
  affiliateId: 'aff_1',
  order: {
    id,
    status: 'paid' as const,
    totalCents: 5_000,
    currency: 'USD',
    products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 5_000 }],
    ...extra,
  },
});

const byType = (bodies: Record<string, unknown>[], type: string) => {
  const found = bodies.find((body) => body.event_type === type);
  expect(found, type).toBeDefined();
  return found!;
};
const utmSource = (body: Record<string, unknown>) =>
  (body.attribution as { first: { params: Record<string, string> } } | undefined)?.first.params.utm_source;

describe('6.5 join keys are resolved through storage when the event is emitted', () => {
  it('6.5 emit with journeyId: journey_id sits next to the attribution', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      journeyId,
      data: { order_id: 'clin_1', journey_id: null },
    });
    const [body] = await sent();
    expect(body).toMatchObject({ event_type: 'order_created', journey_id: journeyId });
    expect(utmSource(body!)).toBe('mail');
  });

  it('6.5 subscription_created of an order that came from a journey carries the journey', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.recordOrder(order('ord_1', { journeyId }));
    await sent();
    await svc.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: { interval: 'month', count: 1 },
        nextBillingDate: '2026-12-23T10:00:00Z',
        parentOrderId: 'ord_1',
      },
    });
    const created = byType(await sent(), 'subscription_created');
    expect(created).toMatchObject({ journey_id: journeyId, ecommerce_order_id: 'ord_1' });
    expect(utmSource(created)).toBe('mail');
  });

  it('6.5 a renewal naming only its subscription reaches the journey through the parent order', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.recordOrder(order('ord_1', { journeyId }));
    await svc.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: { interval: 'month', count: 1 },
        nextBillingDate: '2026-12-23T10:00:00Z',
        parentOrderId: 'ord_1',
      },
    });
    await sent();
    await svc.commerce.recordOrder(
      order('ord_2', { subscriptionId: 'sub_1', isRenewal: true, cycleNumber: 2 }),
    );
    const bodies = await sent();
    for (const type of ['subscription_renewed', 'ecommerce_order_created', 'ecommerce_order_paid']) {
      const body = byType(bodies, type);
      expect(body, type).toMatchObject({ journey_id: journeyId, ecommerce_order_id: 'ord_2' });
      expect(utmSource(body)).toBe('mail');
    }
  });

  it('6.5 an event naming only a subscription reaches the journey through its parent order', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.recordOrder(order('ord_1', { journeyId }));
    await svc.commerce.recordSubscription({
      affiliateId: 'aff_1',
      subscription: {
        id: 'sub_1',
        cadence: { interval: 'month', count: 1 },
        nextBillingDate: '2026-12-23T10:00:00Z',
        parentOrderId: 'ord_1',
      },
    });
    await sent();
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'subscription_paused',
      data: { subscription_id: 'sub_1', subscription_status: 'paused' },
    });
    const [paused] = await sent();
    expect(paused).toMatchObject({ event_type: 'subscription_paused', journey_id: journeyId });
    expect(utmSource(paused!)).toBe('mail');
  });

  it('6.5 prescription_created linked by orderId, and a shipment emitted with only order_id, carry the order journey', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.recordOrder(order('ord_1', { journeyId }));
    await sent();
    await svc.commerce.recordPrescription({
      affiliateId: 'aff_1',
      record: { id: 'rx_1', status: 'pending', orderId: 'ord_1', fields: {} },
    });
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'shipment_delivered',
      data: { order_id: 'ord_1', shipment_status: 'delivered' },
    });
    const bodies = await sent();
    for (const type of ['prescription_created', 'shipment_delivered']) {
      expect(byType(bodies, type), type).toMatchObject({ journey_id: journeyId, order_id: 'ord_1' });
      expect(utmSource(byType(bodies, type))).toBe('mail');
    }
  });

  it('6.5 journey events get ecommerce_order_id once an order exists, also when emitted by the host', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'journey_started', journeyId, data: {} });
    expect((await sent())[0]).not.toHaveProperty('ecommerce_order_id');
    await svc.commerce.recordOrder(order('ord_1', { journeyId }));
    await sent();
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'journey_completed',
      journeyId,
      data: { ecommerce_order_id: null },
    });
    const [completed] = await sent();
    expect(completed).toMatchObject({ journey_id: journeyId, ecommerce_order_id: 'ord_1' });
  });

  it('6.5 no link, no join key: neither key is sent, never as null', async () => {
    const { svc, sent } = await setup();
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'payment_succeeded',
      data: { order_id: 'ord_unknown', journey_id: null, payment_status: 'succeeded' },
    });
    const [payment] = await sent();
    expect(payment).not.toHaveProperty('journey_id');
    expect(payment).not.toHaveProperty('attribution');
  });

  it('6.5 support events carry no join key even for an order from a journey', async () => {
    const { svc, sent, journeyId } = await setup();
    await svc.commerce.recordOrder(order('ord_1', { journeyId }));
    await sent();
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'support_case_created',
      orderId: 'ord_1',
      data: { support_case_id: 'sc_1', order_id: 'ord_1', journey_id: journeyId },
    });
    const [support] = await sent();
    expect(support).not.toHaveProperty('journey_id');
    expect(support).not.toHaveProperty('attribution');
  });
});
