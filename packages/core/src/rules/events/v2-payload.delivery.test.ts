import { startReceiver, testService, testTokens } from '@affiliate-commerce/testkit';
import { webhookEventSchema } from '@affiliate-commerce/webhook-verify/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../../ports/net/node-http-client';
import { nodeResolver } from '../../ports/net/node-resolver';
import { runWorker } from '../../worker/run-worker';
import type { EventType } from './event-dictionary';

/** Compound sensitive keys inside an allowlisted field, as a host might send them. */
const reason = {
  patient_email: 'ada@example.com',
  CUSTOMER_EMAIL: 'ada@example.com',
  medication_name: 'levothyroxine',
  DRUG_NAME: 'levothyroxine',
  'diagnosis-code': 'E03.9',
  PROVIDER_NOTES: 'reports fatigue',
  AuthToken: 'tok_live_1',
  passwd: 'hunter2',
  homePhone: '+1 555 0100',
};

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await receiver.close();
});

/** A service on real HTTP, with one v2 webhook on the local receiver. */
async function service(interests: readonly string[]) {
  const svc = testService({ http: nodeHttpClient(), resolver: nodeResolver(), allowPrivateNetworks: true });
  const created = await svc.handle(
    new Request('http://api.test/v2/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Receiver', url: receiver.url, webhookInterests: interests }),
    }),
  );
  expect(created.status).toBe(201);
  return svc;
}

/** Runs a real worker until the receiver got `count` requests; returns their parsed bodies. */
async function deliver(svc: Awaited<ReturnType<typeof service>>, count: number) {
  const stop = new AbortController();
  const working = runWorker({ service: svc, signal: stop.signal, batchSize: 10, concurrency: 2 });
  for (let i = 0; i < 400 && receiver.received.length < count; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  stop.abort();
  await working;
  expect(receiver.received).toHaveLength(count);
  return receiver.received.map((request) => {
    expect(request.headers['x-webhook-version']).toBe('v2');
    return { text: request.body, body: JSON.parse(request.body) as Record<string, unknown> };
  });
}

describe('6.2 and 2.7 through the public API: what a receiver gets', () => {
  it('6.2 compound sensitive keys inside an allowlisted field never reach the receiver', async () => {
    const svc = await service(['order_cancelled', 'prescription_denied', 'pharmacy_status_changed']);
    for (const eventType of ['order_cancelled', 'prescription_denied', 'pharmacy_status_changed'] as const) {
      await svc.commerce.emit({
        affiliateId: 'aff_1',
        eventType,
        data: { order_id: 'ord_1', prescription_id: 'rx_1', reason, ...reason },
      });
    }
    const received = await deliver(svc, 3);
    for (const { text, body } of received) {
      expect(body).not.toHaveProperty('reason');
      for (const key of Object.keys(reason)) expect(text).not.toContain(key);
      for (const value of Object.values(reason)) expect(text).not.toContain(value);
      expect(webhookEventSchema.safeParse(body).success).toBe(true);
    }
  });

  it('2.7 money is integer cents or omitted: 12.5 and 99.99 are dropped, "250" becomes 250', async () => {
    const svc = await service(['payment_succeeded', 'ecommerce_order_refunded', 'ecommerce_order_paid']);
    const emit = (eventType: EventType, data: Record<string, unknown>) =>
      svc.commerce.emit({ affiliateId: 'aff_1', eventType, data });
    await emit('payment_succeeded', { order_id: 'ord_1', total_value_cents: 12.5, currency: 'USD' });
    await emit('ecommerce_order_refunded', { ecommerce_order_id: 'ord_1', refund_amount_cents: '250' });
    await emit('ecommerce_order_paid', { ecommerce_order_id: 'ord_1', total_value_cents: 99.99 });
    const bodies = Object.fromEntries(
      (await deliver(svc, 3)).map(({ body }) => [body.event_type as string, body]),
    );
    expect(bodies.payment_succeeded).not.toHaveProperty('total_value_cents');
    expect(bodies.payment_succeeded!.currency).toBe('USD');
    expect(bodies.ecommerce_order_refunded!.refund_amount_cents).toBe(250);
    expect(bodies.ecommerce_order_paid).not.toHaveProperty('total_value_cents');
    for (const body of Object.values(bodies)) expect(webhookEventSchema.safeParse(body).success).toBe(true);
  });

  it('2.8 rule 1 and 6.5: nulls are omitted at every depth, never delivered', async () => {
    const svc = await service(['order_created']);
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: 'ord_1', journey_id: null, ecommerce_order_id: null, order_status: 'created' },
      attribution: {
        first: null,
        last: {
          captured_at: '2026-11-20T00:00:00.000Z',
          landing_url: null,
          params: { utm_source: null, gclid: 'g1' },
        },
        touch_count: null,
        visitor_id: null,
      },
    });
    const [received] = await deliver(svc, 1);
    const { text, body } = received!;
    expect(text).not.toContain('null');
    expect(body).toEqual({
      event_type: 'order_created',
      event_id: expect.any(String),
      api_version: '2026-08-17',
      timestamp: expect.any(String),
      timestamp_epoch: expect.any(Number),
      affiliate_id: 'aff_1',
      order_id: 'ord_1',
      order_status: 'created',
      attribution: { last: { captured_at: '2026-11-20T00:00:00.000Z', params: { gclid: 'g1' } } },
      patient_marketing_consent: false,
      is_returning_patient: false,
    });
  });
});
