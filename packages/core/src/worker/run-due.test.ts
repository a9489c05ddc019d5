import { createHmac } from 'node:crypto';
import {
  memoryLogger,
  startReceiver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../base/errors';
import { memoryStorage } from '../impl/memory/memory-storage';
import { nodeHttpClient } from '../ports/net/node-http-client';
import { nodeResolver } from '../ports/net/node-resolver';
import type { EventType } from '../rules/events/event-dictionary';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

function service(disableAfterMs = 60 * 60_000): TestService {
  return testService({
    http: nodeHttpClient(),
    resolver: nodeResolver(),
    allowPrivateNetworks: true,
    // random 0.5 means no jitter, so the schedule is exact.
    deliveries: { random: () => 0.5, timeoutMs: 400, disableAfterMs },
  });
}

async function api(
  svc: TestService,
  method: string,
  path: string,
  body?: unknown,
  token: string = testTokens.superAdmin,
) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, json: (await response.json()) as { data: Record<string, unknown> } };
}

async function webhook(svc: TestService, overrides: Record<string, unknown> = {}) {
  const created = await api(svc, 'POST', '/v2/webhooks', {
    name: 'Receiver',
    url: receiver.url,
    authentication: true,
    webhookInterests: ['order_created', 'journey_completed', 'patient_enrolled'],
    ...overrides,
  });
  expect(created.status).toBe(201);
  const data = created.json.data;
  return { id: data.id as string, secret: (data.credentials as { secret: string } | undefined)?.secret };
}

const emitOrder = (svc: TestService, data: Record<string, unknown> = {}) =>
  svc.commerce.emit({
    affiliateId: 'aff_1',
    eventType: 'order_created',
    data: { order_id: 'ord_1', order_status: 'paid', email: 'ada@example.com', diagnosis: 'x', ...data },
  });

const deliveriesOf = async (svc: TestService, id: string) =>
  (await api(svc, 'GET', `/v2/webhooks/${id}/deliveries?limit=100`)).json.data as {
    items: {
      attempt: number;
      statusCode?: number;
      succeeded: boolean;
      error?: string;
      deliveryId: string;
      responseBody?: string;
    }[];
    pagination: { total: number };
  };

describe('4 delivery: a real local receiver', () => {
  it('5.4 and 2.7: a v2 delivery is sanitized, signed over "<t>.<body>", and carries the docs/api.md §11.1 headers', async () => {
    const svc = service();
    const { id, secret } = await webhook(svc);
    receiver.received.length = 0;
    const event = await emitOrder(svc);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });
    const [request] = receiver.received;
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      event_type: 'order_created',
      event_id: event.eventId,
      api_version: '2026-08-17',
      order_id: 'ord_1',
    });
    expect(body.timestamp).toBe(svc.clock.now().toISOString());
    expect(body).not.toHaveProperty('email');
    expect(body).not.toHaveProperty('diagnosis');
    expect(request!.headers['x-webhook-id']).toBe(event.eventId);
    expect(request!.headers['x-webhook-version']).toBe('v2');
    expect(request!.headers['user-agent']).toMatch(/^affiliate-commerce-webhooks\//);
    const signature = String(request!.headers['x-webhook-signature']);
    const t = /^t=(\d+),/.exec(signature)![1];
    const independent = createHmac('sha256', secret!).update(`${t}.${request!.body}`).digest('base64');
    expect(signature).toBe(`t=${t},sha256=${independent}`);
    const verified = verifyWebhook({
      payload: request!.body,
      signature,
      secret: secret!,
      now: svc.clock.now(),
    });
    expect(verified.event_id).toBe(event.eventId);
    expect((await deliveriesOf(svc, id)).items).toMatchObject([
      { attempt: 1, statusCode: 200, succeeded: true, responseBody: 'ok' },
    ]);
  });

  it('retries on 500 after 5 s with a fresh timestamp and signature and the same event_id; success stops retries', async () => {
    const svc = service();
    const { id } = await webhook(svc);
    receiver.received.length = 0;
    receiver.answer({ status: 500, body: 'boom' });
    await emitOrder(svc);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, retrying: 1 });
    svc.clock.advance(4_999);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    svc.clock.advance(1);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });
    svc.clock.advance(3_600_000);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    const [first, second] = receiver.received.map((r) => ({
      body: JSON.parse(r.body),
      signature: r.headers['x-webhook-signature'],
    }));
    expect(second!.body.event_id).toBe(first!.body.event_id);
    expect(second!.body.timestamp_epoch - first!.body.timestamp_epoch).toBe(5);
    expect(second!.signature).not.toBe(first!.signature);
    const log = await deliveriesOf(svc, id);
    expect(log.items.map((a) => [a.attempt, a.statusCode, a.succeeded])).toEqual([
      [2, 200, true],
      [1, 500, false],
    ]);
  });

  it('a time-out is a failed attempt, logged with its reason, and retried', async () => {
    const svc = service();
    const { id } = await webhook(svc);
    receiver.answer({ status: 200, delayMs: 1_500 });
    await emitOrder(svc);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ retrying: 1 });
    const [attempt] = (await deliveriesOf(svc, id)).items;
    expect(attempt).toMatchObject({ succeeded: false });
    expect(attempt!.error).toMatch(/^timeout/);
  });

  it('follows the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, fails after 8 attempts, and a manual retry sends again', async () => {
    const svc = service(5 * 86_400_000);
    const { id } = await webhook(svc);
    receiver.always({ status: 503 });
    try {
      await emitOrder(svc);
      const gaps = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
      expect((await svc.deliveries.runDue({ limit: 10 })).retrying).toBe(1);
      for (const [index, gap] of gaps.entries()) {
        svc.clock.advance(gap - 1);
        expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
        svc.clock.advance(1);
        const summary = await svc.deliveries.runDue({ limit: 10 });
        expect(summary).toMatchObject(index === gaps.length - 1 ? { failed: 1 } : { retrying: 1 });
      }
      svc.clock.advance(100 * 3_600_000);
      expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
      const log = await deliveriesOf(svc, id);
      expect(log.pagination.total).toBe(8);
      receiver.always({ status: 200, body: 'ok' });
      const retried = await api(
        svc,
        'POST',
        `/v2/webhooks/${id}/deliveries/${log.items[0]!.deliveryId}/actions/retry`,
      );
      expect(retried.status).toBe(202);
      expect(retried.json.data).toMatchObject({ status: 'pending', attempts: 8 });
      expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });
    } finally {
      receiver.always({ status: 200, body: 'ok' });
    }
  });

  it('the schedule in use decides the attempts: 10 delays give 11 attempts, then the delivery fails', async () => {
    const svc = testService({
      http: nodeHttpClient(),
      resolver: nodeResolver(),
      allowPrivateNetworks: true,
      deliveries: { random: () => 0.5, timeoutMs: 400, delays: Array.from({ length: 10 }, () => 60_000) },
    });
    const { id } = await webhook(svc);
    receiver.always({ status: 500 });
    try {
      await emitOrder(svc);
      const kinds: string[] = [];
      // An hour a step: longer than any delay and any cooling of the circuit breaker.
      for (let step = 0; step < 14; step += 1) {
        const summary = await svc.deliveries.runDue({ limit: 10 });
        if (summary.retrying) kinds.push('retrying');
        if (summary.failed) kinds.push('failed');
        svc.clock.advance(3_600_000);
      }
      expect(kinds).toEqual([...Array.from({ length: 10 }, () => 'retrying'), 'failed']);
      const log = await deliveriesOf(svc, id);
      expect(log.pagination.total).toBe(11);
      expect(log.items.map((item) => item.attempt)).toEqual(Array.from({ length: 11 }, (_, i) => 11 - i));
    } finally {
      receiver.always({ status: 200, body: 'ok' });
    }
  });

  it("a Retry-After on 429 sets the next attempt in place of the schedule (api.md: receivers' back-pressure)", async () => {
    const svc = service();
    await webhook(svc);
    receiver.answer({ status: 429, headers: { 'retry-after': '120' } });
    await emitOrder(svc);
    await svc.deliveries.runDue({ limit: 10 });
    svc.clock.advance(119_999);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    svc.clock.advance(1);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(1);
  });

  it('410 fails the delivery and disables the endpoint; later events queue nothing for it', async () => {
    const svc = service();
    const { id } = await webhook(svc);
    receiver.answer({ status: 410 });
    await emitOrder(svc);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ failed: 1 });
    const read = await api(svc, 'GET', `/v2/webhooks/${id}`);
    expect(read.json.data).toMatchObject({ status: 'disabled', isEnabled: false });
    await emitOrder(svc, { order_id: 'ord_2' });
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
  });

  it('continuous failure for the configured time disables the endpoint', async () => {
    const svc = service();
    const { id } = await webhook(svc);
    receiver.always({ status: 500 });
    try {
      await emitOrder(svc);
      await svc.deliveries.runDue({ limit: 10 });
      svc.clock.advance(5_000);
      await svc.deliveries.runDue({ limit: 10 });
      expect((await api(svc, 'GET', `/v2/webhooks/${id}`)).json.data.status).toBe('enabled');
      svc.clock.advance(60 * 60_000);
      await emitOrder(svc, { order_id: 'ord_3' });
      await svc.deliveries.runDue({ limit: 10 });
      expect((await api(svc, 'GET', `/v2/webhooks/${id}`)).json.data.status).toBe('disabled');
    } finally {
      receiver.always({ status: 200, body: 'ok' });
    }
  });

  it('a v1 webhook gets the full raw event, signed sha256=<b64> over the body', async () => {
    const svc = service();
    const { id, secret } = await webhook(svc);
    expect(
      (await api(svc, 'POST', `/v2/webhooks/${id}/actions/rollback`, undefined, testTokens.master)).status,
    ).toBe(200);
    receiver.received.length = 0;
    await emitOrder(svc);
    await svc.deliveries.runDue({ limit: 10 });
    const [request] = receiver.received;
    expect(request!.headers['x-webhook-version']).toBe('v1');
    expect(JSON.parse(request!.body).data).toMatchObject({ diagnosis: 'x', email: 'ada@example.com' });
    const signature = String(request!.headers['x-webhook-signature']);
    expect(signature).toBe(`sha256=${createHmac('sha256', secret!).update(request!.body).digest('base64')}`);
    expect(() =>
      verifyWebhook({ payload: request!.body, signature, secret: secret!, version: 'v1' }),
    ).not.toThrow();
  });

  it('rotation overlap: both secrets sign and webhook-verify accepts either', async () => {
    const svc = service();
    const { id, secret: oldSecret } = await webhook(svc);
    const rotated = await api(svc, 'POST', `/v2/webhooks/${id}/actions/rotateSecret`);
    const newSecret = (rotated.json.data.credentials as { secret: string }).secret;
    receiver.received.length = 0;
    await emitOrder(svc);
    await svc.deliveries.runDue({ limit: 10 });
    const [request] = receiver.received;
    const signature = String(request!.headers['x-webhook-signature']);
    expect(signature.split(',sha256=')).toHaveLength(3);
    for (const secret of [newSecret, oldSecret!]) {
      expect(
        verifyWebhook({ payload: request!.body, signature, secret, now: svc.clock.now() }).event_type,
      ).toBe('order_created');
    }
  });

  it('only enabled webhooks subscribed to the event get a delivery; internal events are never delivered', async () => {
    const svc = service();
    await webhook(svc, { webhookInterests: ['journey_completed'] });
    const disabled = await webhook(svc);
    await api(svc, 'PATCH', `/v2/webhooks/${disabled.id}/status`, { status: 'disabled' });
    await emitOrder(svc);
    await svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'internal_audit_recorded', data: {} });
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
  });

  it('an event key makes emission idempotent: the same record emitted twice is one event, one delivery', async () => {
    const svc = service();
    await webhook(svc);
    const once = await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'journey_completed',
      data: { journey_id: 'jrn_1' },
      eventKey: 'jrn_1',
    });
    const twice = await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'journey_completed',
      data: { journey_id: 'jrn_1' },
      eventKey: 'jrn_1',
    });
    expect(twice.eventId).toBe(once.eventId);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(1);
  });

  it('emit refuses unknown and unimplemented events with 422-style INVALID_FIELD', async () => {
    const svc = service();
    await expect(
      // A JavaScript caller can still pass any string: the dictionary check refuses it.
      svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'nope' as EventType, data: {} }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD', field: 'eventType' });
    await expect(
      svc.commerce.emit({
        affiliateId: 'aff_1',
        eventType: 'pharmacy_rejected_prescription',
        data: {},
      }),
    ).rejects.toMatchObject({ code: 'INVALID_FIELD' });
  });

  it('6.3 identity block: recorded patient, consent, external id, and is_returning_patient from paid orders', async () => {
    const svc = service();
    await webhook(svc);
    receiver.received.length = 0;
    await svc.commerce.recordPatient({
      affiliateId: 'aff_1',
      patient: { id: 'pat_1', externalId: 'ext_1', marketingConsent: true },
    });
    await svc.commerce.recordOrder({
      affiliateId: 'aff_1',
      order: {
        id: 'ord_old',
        status: 'paid',
        patientId: 'pat_1',
        totalCents: 1000,
        currency: 'USD',
        products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 1000 }],
      },
    });
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: 'ord_new' },
      patientId: 'pat_1',
      orderId: 'ord_new',
    });
    await svc.deliveries.runDue({ limit: 10 });
    const bodies = receiver.received.map((r) => JSON.parse(r.body));
    const enrolled = bodies.find((b) => b.event_type === 'patient_enrolled');
    expect(enrolled).toMatchObject({
      patient_id: 'pat_1',
      patient_external_id: 'ext_1',
      patient_marketing_consent: true,
      is_returning_patient: false,
    });
    const order = bodies.find((b) => b.event_type === 'order_created' && b.order_id === 'ord_new');
    expect(order).toMatchObject({ patient_id: 'pat_1', is_returning_patient: true });
  });

  it('the attempt log and retry are tenant-scoped (404 for another affiliate)', async () => {
    const svc = service();
    const { id } = await webhook(svc);
    await emitOrder(svc);
    await svc.deliveries.runDue({ limit: 10 });
    const log = await deliveriesOf(svc, id);
    expect(
      (await api(svc, 'GET', `/v2/webhooks/${id}/deliveries`, undefined, testTokens.otherSuperAdmin)).status,
    ).toBe(404);
    const retry = await api(
      svc,
      'POST',
      `/v2/webhooks/${id}/deliveries/${log.items[0]!.deliveryId}/actions/retry`,
      undefined,
      testTokens.otherSuperAdmin,
    );
    expect(retry.status).toBe(404);
    expect((await api(svc, 'GET', `/v2/webhooks/${id}/deliveries`, undefined, testTokens.agent)).status).toBe(
      403,
    );
    expect((await api(svc, 'GET', `/v2/webhooks/${id}/deliveries?limit=0`)).status).toBe(422);
  });
});

describe('storage lost between the send and the breaker count', () => {
  it('the attempt and its outcome are still written (no second send after the lease), and a warning says the count was not', async () => {
    const storage = memoryStorage();
    const { logger, events } = memoryLogger();
    const svc = testService({
      storage,
      logger,
      http: nodeHttpClient(),
      resolver: nodeResolver(),
      allowPrivateNetworks: true,
      deliveries: { random: () => 0.5, timeoutMs: 400 },
    });
    const { id } = await webhook(svc);
    // A failed attempt counts towards the breaker: that count is the write that fails.
    receiver.answer({ status: 500, body: 'boom' });
    await emitOrder(svc);
    storage.webhooks.setBreaker = () =>
      Promise.reject(new StorageUnavailableError('PostgreSQL is unavailable'));
    try {
      expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, retrying: 1 });
    } finally {
      receiver.answer({ status: 200, body: 'ok' });
    }
    expect((await deliveriesOf(svc, id)).items).toMatchObject([{ attempt: 1, statusCode: 500 }]);
    expect(events('webhook.breaker.unrecorded')).toMatchObject([
      { meta: { webhookId: id, succeeded: false } },
    ]);
    // Due again on its retry schedule (5 s), not held until a lease ends.
    svc.clock.advance(5_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });
  });
});
