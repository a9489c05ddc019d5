import {
  apiRequest,
  fakeHttpClient,
  fakeResolver,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../ports/net/http-client';

const apiKey = 'sk_live_message_log_7c1d';
const custom = { 'X-Api-Key': apiKey };

const answer = (status: number): HttpOutcome => ({
  ok: true,
  status,
  headers: {},
  bodyText: status === 200 ? 'ok' : 'boom',
  latencyMs: 4,
});

/** A service whose receivers answer 200, or 500 under `/failing`; every request and answer kept. */
function setup() {
  const http = fakeHttpClient((request: HttpRequest) =>
    answer(new URL(request.url).pathname.startsWith('/failing') ? 500 : 200),
  );
  const service = testService({ http, resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }) });
  const answers: string[] = [];
  async function call(method: string, path: string, body?: unknown, token: string = testTokens.superAdmin) {
    const response = await service.handle(apiRequest(`http://api.test${path}`, { method, token, body }));
    const text = await response.text();
    answers.push(text);
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    const json = JSON.parse(text) as any;
    return { status: response.status, data: json.data, error: json.error };
  }
  async function webhook(name: string, extra: Record<string, unknown> = {}) {
    const created = await call('POST', '/v2/webhooks', {
      name,
      url: `https://hooks.example.com/${name}`,
      webhookInterests: ['ecommerce_order_created'],
      ...extra,
    });
    expect(created.status).toBe(201);
    return { id: created.data.id as string, secret: created.data.credentials?.secret as string | undefined };
  }
  const emitOrder = (id: string) =>
    service.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'ecommerce_order_created',
      data: { ecommerce_order_id: id, total_value_cents: 4900, currency: 'USD' },
    });
  return { service, http, answers, call, webhook, emitOrder };
}

describe('GET /v2/deliveries/{deliveryId}', () => {
  it('rebuilds the request the endpoint was sent, signatures elided and custom header values masked', async () => {
    const { service, http, answers, call, webhook, emitOrder } = setup();
    const { id, secret } = await webhook('orders', { headers: custom });
    await emitOrder('ord_1');
    service.clock.advance(1_000);
    expect(await service.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });
    const [sent] = http.requests;
    service.clock.advance(60_000);
    // The answer that created the webhook revealed its secret; none after it may.
    answers.length = 0;

    const list = await call('GET', `/v2/deliveries?webhookId=${id}`);
    expect(list.status).toBe(200);
    expect(list.data.hasMore).toBe(false);
    const [row] = list.data.deliveries;
    expect(row).toMatchObject({ webhookId: id, status: 'succeeded', attempts: 1, lastStatusCode: 200 });

    const detail = await call('GET', `/v2/deliveries/${row.id}`);
    expect(detail.status).toBe(200);
    expect(detail.data.delivery).toEqual(row);
    const { request } = detail.data;
    expect(request).toMatchObject({
      url: 'https://hooks.example.com/orders',
      method: 'POST',
      payloadVersion: 'v2',
    });
    // Built for the last attempt's time, it is the body that was sent.
    expect(request.payload).toEqual(JSON.parse(sent!.body!));
    const elided = (name: string, value: string) =>
      /signature$/i.test(name) ? '(elided)' : name in custom ? '********' : value;
    expect(request.headers).toEqual(
      Object.fromEntries(Object.entries(sent!.headers).map(([name, value]) => [name, elided(name, value)])),
    );
    expect(request.headers).toHaveProperty('X-Webhook-Signature', '(elided)');
    expect(request.headers).toHaveProperty('webhook-signature', '(elided)');
    expect(detail.data.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        succeeded: true,
        statusCode: 200,
        responseBody: 'ok',
        latencyMs: 4,
      }),
    ]);
    for (const text of answers) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(secret!.slice(6));
      expect(text).not.toContain(sent!.headers['X-Webhook-Signature']!.split(',')[1]);
    }
  });

  it('before any attempt the request is stamped now; a v1 webhook gets the v1 payload', async () => {
    const { service, call, webhook, emitOrder } = setup();
    await webhook('v1', { authentication: false });
    expect(
      (await call('POST', '/v2/webhooks/whk_1/actions/rollback', undefined, testTokens.master)).status,
    ).toBe(200);
    await emitOrder('ord_1');
    service.clock.advance(5_000);
    const [row] = (await call('GET', '/v2/deliveries')).data.deliveries;
    const detail = await call('GET', `/v2/deliveries/${row.id}`);
    expect(detail.data.attempts).toEqual([]);
    expect(detail.data.request.payloadVersion).toBe('v1');
    expect(detail.data.request.headers).not.toHaveProperty('X-Webhook-Signature');
    expect(detail.data.request.payload).toMatchObject({ event_type: 'ecommerce_order_created' });
  });

  it('has no request once the webhook is gone; another affiliate’s delivery is 404', async () => {
    const { call, webhook, emitOrder } = setup();
    const { id } = await webhook('orders');
    await emitOrder('ord_1');
    const [row] = (await call('GET', '/v2/deliveries')).data.deliveries;
    expect(
      (await call('GET', `/v2/deliveries/${row.id}`, undefined, testTokens.otherSuperAdmin)).status,
    ).toBe(404);
    expect((await call('GET', '/v2/deliveries/dlv_none')).error).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('DELETE', `/v2/webhooks/${id}`)).status).toBeLessThan(300);
    const detail = await call('GET', `/v2/deliveries/${row.id}`);
    expect(detail.status).toBe(200);
    expect(detail.data.delivery).toMatchObject({ id: row.id });
    expect(detail.data).not.toHaveProperty('request');
  });
});

describe('POST /v2/webhooks/{id}/deliveries/{deliveryId}/actions/retry', () => {
  it('makes a pending delivery waiting for its retry due now; one a worker holds is answered as is', async () => {
    const { service, http, call, webhook, emitOrder } = setup();
    const { id } = await webhook('failing');
    await emitOrder('ord_1');
    expect(await service.deliveries.runDue({ limit: 10 })).toMatchObject({ retrying: 1 });
    const [row] = (await call('GET', `/v2/deliveries?status=pending`)).data.deliveries;
    expect(Date.parse(row.nextAttemptAt)).toBeGreaterThan(service.clock.now().getTime());
    service.clock.advance(1_000);

    const retried = await call('POST', `/v2/webhooks/${id}/deliveries/${row.id}/actions/retry`);
    expect(retried.status).toBe(202);
    expect(retried.data).toMatchObject({
      id: row.id,
      status: 'pending',
      attempts: 1,
      nextAttemptAt: service.clock.now().toISOString(),
    });

    const [claimed] = await service.deps.storage.deliveries.claimDue({
      now: service.clock.now(),
      limit: 10,
      leaseMs: 60_000,
      leaseToken: 'lease_held',
    });
    expect(claimed?.delivery.id).toBe(row.id);
    service.clock.advance(1_000);
    const held = await call('POST', `/v2/webhooks/${id}/deliveries/${row.id}/actions/retry`);
    expect(held.status).toBe(202);
    expect(held.data).toEqual(retried.data);
    await service.deps.storage.deliveries.release({
      items: [{ affiliateId: 'aff_1', id: row.id, leaseToken: 'lease_held' }],
    });
    expect(await service.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1 });
    expect(http.requests).toHaveLength(2);
  });
});
