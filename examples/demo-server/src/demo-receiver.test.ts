import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runWorker, type Service } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from './demo-app';
import type { ReceivedDelivery } from './demo-receiver';
import { seedDemo } from './seed';

/** Deliveries the receiver listed, newest first. */
type Listing = { received: ReceivedDelivery[] };

describe('the demo receives its own webhooks (README "Events and deliveries")', () => {
  let server: Server;
  let base = '';
  let service: Service;
  const worker = new AbortController();
  let working: Promise<void>;

  beforeAll(async () => {
    // Listening first, as main.ts does, so the seeded webhooks point at the real port.
    let handle: RequestListener = (_request, response) => response.writeHead(503).end();
    server = createServer((request, response) => handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://localhost:${(server.address() as AddressInfo).port}`;
    const demo = await createDemoApp({ storage: memoryStorage(), baseUrl: base });
    handle = demo.app;
    service = demo.service;
    working = runWorker({ service, signal: worker.signal });
  });
  afterAll(async () => {
    worker.abort();
    await working;
    server.closeAllConnections();
    server.close();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes
    return { status: response.status, json: (text ? JSON.parse(text) : undefined) as any };
  };

  /** Polls `GET /demo-receiver` until a delivery of `eventId` is listed. */
  async function arrival(eventId: string, answered?: number): Promise<ReceivedDelivery> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const { json } = (await call('GET', '/demo-receiver')) as { json: Listing };
      const found = json.received.find(
        (d) => d.eventId === eventId && (answered === undefined || d.answered === answered),
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no delivery of ${eventId}: ${JSON.stringify(json)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sendExample to whk_demo_receiver arrives, verified with webhook-verify, marked as an example', async () => {
    const sent = await call(
      'POST',
      '/v2/webhooks/whk_demo_receiver/actions/sendExample',
      'demo_super_admin',
      {
        eventType: 'order_created',
      },
    );
    expect(sent.status).toBe(202);
    const delivery = await arrival(sent.json.data.eventId);
    expect(delivery).toMatchObject({
      path: '/demo-receiver',
      answered: 204,
      eventType: 'order_created',
      payloadVersion: 'v2',
      verified: true,
      example: true,
      payload: { event_type: 'order_created', event_id: sent.json.data.eventId, example: true },
    });
    expect(delivery).not.toHaveProperty('problem');
  });

  it('a forged delivery is refused with 401 and listed as not verified', async () => {
    const response = await fetch(`${base}/demo-receiver`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-id': 'evt_forged',
        'x-webhook-version': 'v2',
        'x-webhook-signature': `t=${Math.floor(Date.now() / 1000)},sha256=${Buffer.alloc(32).toString('base64')}`,
      },
      body: JSON.stringify({ event_type: 'order_created', event_id: 'evt_forged' }),
    });
    expect(response.status).toBe(401);
    expect(await arrival('evt_forged')).toMatchObject({
      verified: false,
      answered: 401,
      problem: 'NO_MATCHING_SIGNATURE',
      example: false,
    });
  });

  it('whk_demo_failing has two failed deliveries from three days ago, 8 attempts each; retry sends one again', async () => {
    const log = await call('GET', '/v2/webhooks/whk_demo_failing/deliveries?limit=100', 'demo_admin');
    expect(log.status).toBe(200);
    const items = log.json.data.items as {
      deliveryId: string;
      attempt: number;
      statusCode: number;
      attemptedAt: string;
    }[];
    expect(items).toHaveLength(16);
    expect(new Set(items.map((item) => item.deliveryId))).toEqual(
      new Set(['dlv_demo_failed_1', 'dlv_demo_failed_2']),
    );
    expect(items.every((item) => item.statusCode === 500)).toBe(true);
    expect(Date.now() - Date.parse(items.at(-1)!.attemptedAt)).toBeGreaterThan(2.9 * 86_400_000);
    const newest = items[0]!;
    expect(newest).toMatchObject({ deliveryId: 'dlv_demo_failed_2', attempt: 8 });

    const retried = await call(
      'POST',
      `/v2/webhooks/whk_demo_failing/deliveries/${newest.deliveryId}/actions/retry`,
      'demo_super_admin',
    );
    expect(retried.status).toBe(202);
    expect(retried.json.data).toMatchObject({ id: 'dlv_demo_failed_2', status: 'pending' });
    expect(await arrival('evt_example_demo_failed_2', 500)).toMatchObject({
      path: '/demo-receiver/fail',
      verified: true,
      example: true,
    });
  });

  it('a restart on another port points the receiver webhooks there', async () => {
    expect(await seedDemo(service, 'http://localhost:4321')).toBe(false);
    const read = await call('GET', '/v2/webhooks/whk_demo_failing', 'demo_admin');
    expect(read.json.data.url).toBe('http://localhost:4321/demo-receiver/fail');
    await seedDemo(service, base);
    expect((await call('GET', '/v2/webhooks/whk_demo_failing', 'demo_admin')).json.data.url).toBe(
      `${base}/demo-receiver/fail`,
    );
  });
});
