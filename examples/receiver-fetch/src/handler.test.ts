import type { AddressInfo } from 'node:net';
import { signWebhook, type WebhookEvent } from '@affiliate-commerce/webhook-verify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryDedupeStore } from './dedupe-store';
import { createWebhookHandler } from './handler';
import { serve } from './serve';

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const body = JSON.stringify({
  event_type: 'journey_completed',
  event_id: 'evt_fetch_1',
  api_version: '2026-08-17',
  timestamp: new Date().toISOString(),
  timestamp_epoch: Math.floor(Date.now() / 1000),
  affiliate_id: 'aff_1',
  journey_id: 'jrn_1',
  patient_marketing_consent: false,
  is_returning_patient: false,
});

function setup(fail = false) {
  const processed: WebhookEvent[] = [];
  const handler = createWebhookHandler({
    secrets: [secret],
    store: memoryDedupeStore(),
    async onEvent(event) {
      processed.push(event);
      if (fail && processed.length === 1) throw new Error('database down');
    },
  });
  return { processed, handler };
}

const delivery = (signature: string | undefined, payload = body, url = 'https://receiver.example/webhooks') =>
  new Request(url, {
    method: 'POST',
    body: payload,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-webhook-signature': signature }),
    },
  });

describe('fetch handler, called directly', () => {
  it('6.6 processes a delivery posted twice once (dedupe by event_id)', async () => {
    const { processed, handler } = setup();
    const first = await handler(delivery(signWebhook({ payload: body, secret })));
    const second = await handler(delivery(signWebhook({ payload: body, secret })));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    expect(processed.map((event) => event.event_id)).toEqual(['evt_fetch_1']);
  });

  it('5.4 refuses a bad signature with 401 and a missing or malformed one with 400', async () => {
    const { processed, handler } = setup();
    const wrong = await handler(delivery(signWebhook({ payload: body, secret: 'whsec_other' })));
    expect([wrong.status, await wrong.json()]).toEqual([401, { error: 'NO_MATCHING_SIGNATURE' }]);
    const missing = await handler(delivery(undefined));
    expect([missing.status, await missing.json()]).toEqual([400, { error: 'MISSING_SIGNATURE' }]);
    const malformed = await handler(delivery('sha256=abc'));
    expect([malformed.status, await malformed.json()]).toEqual([400, { error: 'MALFORMED_SIGNATURE' }]);
    expect((await handler(new Request('https://receiver.example/webhooks'))).status).toBe(405);
    expect(processed).toEqual([]);
  });

  it('lets the retry process a delivery whose processing failed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { processed, handler } = setup(true);
    expect((await handler(delivery(signWebhook({ payload: body, secret })))).status).toBe(500);
    expect((await handler(delivery(signWebhook({ payload: body, secret })))).status).toBe(200);
    expect(processed).toHaveLength(2);
    log.mockRestore();
  });
});

describe('fetch handler, served by node:http', () => {
  const { processed, handler } = setup();
  const server = serve(handler, { port: 0 });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('6.6 processes a delivery posted twice once, and refuses a bad signature with 401', async () => {
    await new Promise((resolve) =>
      server.listening ? resolve(undefined) : server.once('listening', resolve),
    );
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
    const post = (signature: string) =>
      fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
      });
    expect((await post(signWebhook({ payload: body, secret }))).status).toBe(200);
    const again = await post(signWebhook({ payload: body, secret }));
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    const bad = await post(signWebhook({ payload: body, secret: 'whsec_other' }));
    expect(bad.status).toBe(401);
    expect(processed.map((event) => event.event_id)).toEqual(['evt_fetch_1']);
  });
});
