import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { WebhookView } from '@affiliate-commerce/core';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { webhookEventSchemas } from '@affiliate-commerce/webhook-verify/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from './spawn-demo';

/** One request a receiver got, with the moment it arrived. */
interface Arrival {
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly at: number;
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A webhook receiver on 127.0.0.1 port 0 that answers `statuses` in turn, then `otherwise`. */
async function startReceiver(statuses: number[] = [], otherwise = 200) {
  const arrivals: Arrival[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      arrivals.push({ headers: req.headers, body: Buffer.concat(chunks), at: Date.now() });
      res.writeHead(statuses.shift() ?? otherwise).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    /** The requests that carried the event of `journeyId`, in arrival order. */
    of: (journeyId: string) =>
      arrivals.filter((arrival) => JSON.parse(arrival.body.toString('utf8')).journey_id === journeyId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Attempt {
  deliveryId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  attemptedAt: string;
  succeeded: boolean;
  statusCode?: number;
}

// The envelope (docs/api.md §2.7), the identity block (§6.3) and the JOURNEY allowlist (§6.2).
const journeyV2Fields = new Set([
  ...['event_type', 'event_id', 'api_version', 'timestamp', 'timestamp_epoch', 'affiliate_id'],
  ...['patient_marketing_consent', 'is_returning_patient', 'patient_id', 'patient_external_id'],
  ...['journey_id', 'template_id', 'template_display_name', 'journey_type', 'ecommerce_order_id'],
  ...['started_at', 'completed_at', 'abandoned_at', 'total_value_cents', 'currency', 'products'],
  ...['coupon_code', 'recovery_url', 'recovery_url_expires_at', 'recovery_status'],
  ...['recovery_missing_details', 'had_cart', 'commerce_status', 'product_variation_ids'],
  ...['subscription_status', 'attribution', 'first_purchase', 'plan_type', 'intake_form_id'],
  ...['intake_form_instance_id', 'intake_form_instance_ids'],
]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook delivery in the demo (npm start, HTTP only)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'demo-deliveries-'));
  const receivers: Receiver[] = [];
  let demo: RunningDemo;
  let stopped = false;

  async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      await sleep(50);
    }
  }

  /** One call to the demo; `T` is the `data` its endpoint documents. */
  async function call<T>(method: string, path: string, token?: string, body?: unknown) {
    const response = await fetch(`${demo.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, data: ((await response.json()) as { data: T }).data };
  }

  /** The requests `receiver` got for the event of `journeyId`, once there are `count` of them. */
  const arrived = (receiver: Receiver, journeyId: string, count: number, ms: number) =>
    until(
      `${count} request(s) for ${journeyId}`,
      () => {
        const got = receiver.of(journeyId);
        return got.length >= count ? got : undefined;
      },
      ms,
    );

  /** A receiver and a webhook for it, subscribed to journey_started. */
  async function webhookFor(name: string, statuses: number[] = [], otherwise = 200) {
    const receiver = await startReceiver(statuses, otherwise);
    receivers.push(receiver);
    const created = await call<WebhookView>('POST', '/v2/webhooks', 'demo_super_admin', {
      name,
      url: receiver.url,
      webhookInterests: ['journey_started'],
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ payloadVersion: 'v2', authentication: true, isEnabled: true });
    return { receiver, id: created.data.id, secret: created.data.credentials!.secret };
  }

  /** Starts a journey the way the storefront does; it emits journey_started. */
  async function startJourney(visitorId: string): Promise<string> {
    const started = await call<{ id: string }>('POST', '/journeys', undefined, {
      templateSlug: 'start-your-plan',
      visitorId,
    });
    expect(started.status).toBe(201);
    return started.data.id;
  }

  /** The attempt log of one webhook for one event, oldest first. */
  async function attemptsOf(webhookId: string, eventId: string): Promise<Attempt[]> {
    const log = await call<{ items: Attempt[] }>(
      'GET',
      `/v2/webhooks/${webhookId}/deliveries?limit=100`,
      'demo_admin',
    );
    expect(log.status).toBe(200);
    return log.data.items
      .filter((attempt) => attempt.eventId === eventId)
      .sort((a, b) => a.attempt - b.attempt);
  }

  /** Verifies one arrival with the public verifier and returns its v2 envelope. */
  function verified(arrival: Arrival, secret: string) {
    return verifyWebhook({
      payload: arrival.body,
      signature: arrival.headers['x-webhook-signature'] as string,
      secret,
    });
  }

  beforeAll(async () => {
    demo = await startDemo(dataDir);
  }, 60_000);

  afterEach(({ task }) => {
    if (task.result?.state === 'fail') console.error(`demo output:\n${demo?.output()}\nlog:\n${demo?.log()}`);
  });

  afterAll(async () => {
    if (demo && !stopped) await demo.stop('SIGKILL');
    await Promise.all(receivers.map((receiver) => receiver.close()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('2.7, 6.1 delivers journey_started once, signed, as the v2 envelope, and logs one 200 attempt', async () => {
    const { receiver, id, secret } = await webhookFor('Journeys');
    const journeyId = await startJourney('v_e2e');

    const [arrival] = await arrived(receiver, journeyId, 1, 15_000);
    // A second copy would come from a duplicate claim or an outcome that was never written.
    await sleep(2_500);
    expect(receiver.of(journeyId)).toHaveLength(1);

    const event = verified(arrival!, secret);
    expect(arrival!.headers['x-webhook-id']).toBe(event.event_id);
    expect(arrival!.headers['x-webhook-version']).toBe('v2');
    expect(arrival!.headers['content-type']).toMatch(/^application\/json/);
    const body = webhookEventSchemas.journey_started.parse(JSON.parse(arrival!.body.toString('utf8')));
    expect(body).toMatchObject({
      event_type: 'journey_started',
      event_id: event.event_id,
      api_version: '2026-08-17',
      affiliate_id: 'aff_demo',
      journey_id: journeyId,
      patient_marketing_consent: false,
      is_returning_patient: false,
    });
    expect(body).not.toHaveProperty('patient_id');
    expect(Object.keys(body).filter((key) => !journeyV2Fields.has(key))).toEqual([]);
    const signedAt = Number(/t=(\d+)/.exec(String(arrival!.headers['x-webhook-signature']))![1]);
    expect(body.timestamp_epoch).toBe(signedAt);
    expect(Math.floor(Date.parse(body.timestamp) / 1000)).toBe(body.timestamp_epoch);

    const attempts = await until(
      'the attempt to be logged',
      async () => {
        const logged = await attemptsOf(id, event.event_id);
        return logged.length > 0 ? logged : undefined;
      },
      5_000,
    );
    expect(attempts).toEqual([
      expect.objectContaining({ eventType: 'journey_started', attempt: 1, succeeded: true, statusCode: 200 }),
    ]);
  }, 30_000);

  it('6.1 retries a 503 about 5 s later with the same event_id and a fresh timestamp, then succeeds', async () => {
    const { receiver, id, secret } = await webhookFor('Flaky', [503]);
    const journeyId = await startJourney('v_e2e_retry');

    const [first, second] = await arrived(receiver, journeyId, 2, 25_000);
    const gapMs = second!.at - first!.at;
    // 5 s ± 20 % jitter, plus the claim that picks it up once it is due.
    expect(gapMs).toBeGreaterThanOrEqual(4_000);
    expect(gapMs).toBeLessThanOrEqual(6_100);

    const before = verified(first!, secret);
    const after = verified(second!, secret);
    expect(after.event_id).toBe(before.event_id);
    expect(second!.headers['x-webhook-id']).toBe(before.event_id);
    expect(after.timestamp_epoch).toBeGreaterThan(before.timestamp_epoch);

    const attempts = await until(
      'both attempts to be logged',
      async () => {
        const logged = await attemptsOf(id, before.event_id);
        return logged.length >= 2 ? logged : undefined;
      },
      5_000,
    );
    expect(attempts).toEqual([
      expect.objectContaining({ attempt: 1, succeeded: false, statusCode: 503 }),
      expect.objectContaining({ attempt: 2, succeeded: true, statusCode: 200 }),
    ]);
    expect(attempts[1]!.deliveryId).toBe(attempts[0]!.deliveryId);
    expect(receiver.of(journeyId)).toHaveLength(2);
  }, 40_000);

  it('2.1 a 410 disables the webhook and is in the attempt log', async () => {
    const { receiver, id } = await webhookFor('Gone', [], 410);
    const journeyId = await startJourney('v_e2e_gone');

    const [arrival] = await arrived(receiver, journeyId, 1, 15_000);
    const eventId = String(arrival!.headers['x-webhook-id']);
    const webhook = await until(
      'the webhook to be disabled',
      async () => {
        const read = await call<WebhookView>('GET', `/v2/webhooks/${id}`, 'demo_admin');
        expect(read.status).toBe(200);
        return read.data.status === 'disabled' ? read.data : undefined;
      },
      5_000,
    );
    expect(webhook).toMatchObject({ status: 'disabled', isEnabled: false });
    expect(await attemptsOf(id, eventId)).toEqual([
      expect.objectContaining({ attempt: 1, succeeded: false, statusCode: 410 }),
    ]);
    expect(receiver.of(journeyId)).toHaveLength(1);
    // The demo's operations endpoint was sent it too, verified it with its own secret, and logged it.
    await until(
      'the operations webhook in the log',
      () => (demo.log().includes('Operations webhook endpoint.disabled') ? true : undefined),
      15_000,
    );
    expect(demo.log()).not.toContain('Operations webhook refused');
  }, 30_000);

  it('exits 0 within 5 s of SIGTERM', async () => {
    const { code, ms } = await demo.stop('SIGTERM');
    stopped = true;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5_000);
  }, 15_000);
});
