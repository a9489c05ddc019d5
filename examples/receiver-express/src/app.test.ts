import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook, type WebhookEvent } from '@affiliate-commerce/webhook-verify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { memoryDedupeStore } from './dedupe-store';

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const body = JSON.stringify({
  event_type: 'order_created',
  event_id: 'evt_express_1',
  api_version: '2026-08-17',
  timestamp: new Date().toISOString(),
  timestamp_epoch: Math.floor(Date.now() / 1000),
  affiliate_id: 'aff_1',
  order_id: 'ord_1',
  patient_marketing_consent: false,
  is_returning_patient: false,
});

let server: Server | undefined;
afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

async function start(parseJsonFirst?: 'with-raw-body' | 'without-raw-body', fail = false) {
  const processed: WebhookEvent[] = [];
  const app = createApp({
    secrets: [secret],
    store: memoryDedupeStore(),
    parseJsonFirst,
    async onEvent(event) {
      if (fail && processed.length === 0) {
        processed.push(event);
        throw new Error('database down');
      }
      processed.push(event);
    },
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const post = (signature: string | undefined, payload = body) =>
    fetch(url, {
      method: 'POST',
      body: payload,
      headers: {
        'content-type': 'application/json',
        'x-webhook-id': 'evt_express_1',
        'x-webhook-version': 'v2',
        ...(signature === undefined ? {} : { 'x-webhook-signature': signature }),
      },
    });
  return { processed, post };
}

describe.each([
  ['express.raw on the route', undefined],
  ['express.json({ verify: keepRawBody }) on the app', 'with-raw-body' as const],
])('receiver with %s', (_, parseJsonFirst) => {
  it('6.6 processes a delivery posted twice once (dedupe by event_id)', async () => {
    const { processed, post } = await start(parseJsonFirst);
    const first = await post(signWebhook({ payload: body, secret }));
    // A retry signs again with a fresh timestamp; event_id stays (docs/api.md §11.3).
    const second = await post(signWebhook({ payload: body, secret }));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await first.json()).toEqual({ received: true });
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    expect(processed.map((event) => event.event_id)).toEqual(['evt_express_1']);
  });

  it('5.4 refuses a bad signature with 401 and a missing one with 400, processing nothing', async () => {
    const { processed, post } = await start(parseJsonFirst);
    const wrong = await post(signWebhook({ payload: body, secret: 'whsec_someone_else' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'NO_MATCHING_SIGNATURE' });
    const tampered = await post(signWebhook({ payload: body, secret }), body.replace('ord_1', 'ord_2'));
    expect(tampered.status).toBe(401);
    const old = await post(
      signWebhook({ payload: body, secret, timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    );
    expect(await old.json()).toEqual({ error: 'TIMESTAMP_TOO_OLD' });
    const missing = await post(undefined);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'MISSING_SIGNATURE' });
    expect(processed).toEqual([]);
  });
});

describe('receiver setup mistakes and failures', () => {
  it('answers 500 at once when express.json() ran first without keeping the raw body', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { processed, post } = await start('without-raw-body');
    const response = await post(signWebhook({ payload: body, secret }));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'RAW_BODY_UNAVAILABLE' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('keepRawBody'));
    expect(processed).toEqual([]);
    log.mockRestore();
  });

  it('lets the retry process a delivery whose processing failed', async () => {
    const { processed, post } = await start(undefined, true);
    expect((await post(signWebhook({ payload: body, secret }))).status).toBe(500);
    expect((await post(signWebhook({ payload: body, secret }))).status).toBe(200);
    expect((await post(signWebhook({ payload: body, secret }))).status).toBe(200);
    expect(processed).toHaveLength(2);
  });
});
