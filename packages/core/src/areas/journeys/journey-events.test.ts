import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

const journeyEvents = [
  'ecommerce_order_created',
  'journey_started',
  'journey_contact_captured',
  'journey_checkout_started',
  'journey_completed',
  'journey_abandoned',
];

async function setup() {
  const capture = await deliveryCapture(journeyEvents);
  await capture.svc.commerce.recordJourneyTemplate({
    affiliateId: 'aff_1',
    template: {
      slug: 'start-your-plan',
      template_display_name: 'Start your plan',
      landing_url: 'https://shop.example.com/start',
      journey_type: 'checkout',
    },
  });
  await capture.svc.handle(
    new Request(
      'http://api.test/v2/journeyTemplates/start-your-plan/frontend?visitorId=v1&utm_source=mail&gclid=g1',
    ),
  );
  const created = await capture.svc.handle(
    new Request('http://api.test/journeys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateSlug: 'start-your-plan', slug: 'start-your-plan', visitorId: 'v1' }),
    }),
  );
  expect(created.status).toBe(201);
  const journeyId = ((await created.json()) as { data: { id: string } }).data.id;
  return { ...capture, journeyId };
}

describe('6.1, 6.4, 6.5 and 9.4: journey events', () => {
  it('POST /journeys emits journey_started with the journey attribution and no ecommerce_order_id', async () => {
    const { sent, journeyId } = await setup();
    const [started] = await sent();
    expect(started).toMatchObject({
      event_type: 'journey_started',
      journey_id: journeyId,
      template_display_name: 'Start your plan',
      journey_type: 'checkout',
    });
    expect(started).not.toHaveProperty('ecommerce_order_id');
    expect(
      (started!.attribution as { first: { params: Record<string, string> } }).first.params,
    ).toMatchObject({ utm_source: 'mail', gclid: 'g1' });
  });

  it('6.4 status changes emit their events; abandoned after checkout carries had_cart and first_purchase; the same change twice is one event', async () => {
    const { svc, sent, journeyId } = await setup();
    await sent();
    await svc.commerce.setJourneyStatus({ affiliateId: 'aff_1', journeyId, status: 'contact_captured' });
    const [contact] = await sent();
    expect(contact).toMatchObject({ event_type: 'journey_contact_captured', had_cart: false });
    expect(contact).not.toHaveProperty('first_purchase');
    await svc.commerce.setJourneyStatus({ affiliateId: 'aff_1', journeyId, status: 'checkout_started' });
    await svc.commerce.setJourneyStatus({ affiliateId: 'aff_1', journeyId, status: 'checkout_started' });
    expect((await sent()).map((b) => b.event_type)).toEqual(['journey_checkout_started']);
    await svc.commerce.setJourneyStatus({ affiliateId: 'aff_1', journeyId, status: 'abandoned' });
    const [abandoned] = await sent();
    expect(abandoned).toMatchObject({
      event_type: 'journey_abandoned',
      had_cart: true,
      first_purchase: true,
    });
    expect(abandoned).toHaveProperty('abandoned_at');
  });

  it('6.5 once an order exists from the journey, journey events carry ecommerce_order_id and the order carries journey_id', async () => {
    const { svc, sent, journeyId } = await setup();
    await sent();
    await svc.commerce.recordOrder({
      affiliateId: 'aff_1',
      order: {
        id: 'ord_j',
        status: 'paid',
        journeyId,
        totalCents: 5_000,
        currency: 'USD',
        products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 5_000 }],
      },
    });
    const [orderCreated] = await sent();
    expect(orderCreated).toMatchObject({ event_type: 'ecommerce_order_created', journey_id: journeyId });
    expect(
      (orderCreated!.attribution as { first: { params: Record<string, string> } }).first.params,
    ).toMatchObject({ gclid: 'g1' });
    await svc.commerce.setJourneyStatus({ affiliateId: 'aff_1', journeyId, status: 'completed' });
    const [completed] = await sent();
    expect(completed).toMatchObject({
      event_type: 'journey_completed',
      ecommerce_order_id: 'ord_j',
      total_value_cents: 5_000,
      first_purchase: true,
    });
    expect(completed).toHaveProperty('attribution');
  });
});
