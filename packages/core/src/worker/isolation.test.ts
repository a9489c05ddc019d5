import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../ports/net/http-client';
import type { ServiceOptions } from '../service';
import type { RunSummary } from './outcome-writer';
import { runWorker } from './run-worker';

const ok = (status = 200): HttpOutcome => ({ ok: true, status, headers: {}, bodyText: 'ok', latencyMs: 1 });

/**
 * Two endpoints on one host, `/bad` and `/good`: each path answers by its own rule, and a rule
 * may hold a request until the test lets it go.
 */
function endpoints() {
  const held: (() => void)[] = [];
  const inFlight = { bad: 0, good: 0 };
  const maxInFlight = { bad: 0, good: 0 };
  const rules: Record<'bad' | 'good', 'hold' | number> = { bad: 'hold', good: 200 };
  const http = fakeHttpClient(async (request: HttpRequest) => {
    const which = request.url.endsWith('/bad') ? 'bad' : 'good';
    inFlight[which] += 1;
    maxInFlight[which] = Math.max(maxInFlight[which], inFlight[which]);
    try {
      const rule = rules[which];
      if (rule === 'hold') await new Promise<void>((resolve) => held.push(resolve));
      return ok(rule === 'hold' ? 200 : rule);
    } finally {
      inFlight[which] -= 1;
    }
  });
  const sentTo = (which: 'bad' | 'good') =>
    http.requests.filter((r) => r.url.endsWith(`/${which}`)).map((r) => r.headers['X-Webhook-Id']);
  return {
    http,
    rules,
    inFlight,
    maxInFlight,
    sentTo,
    releaseAll: () => {
      for (const release of held.splice(0)) release();
    },
  };
}

async function api(svc: TestService, method: string, path: string, body?: unknown) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return {
    status: response.status,
    data: ((await response.json()) as { data: Record<string, unknown> }).data,
  };
}

/** A service with a `/bad` webhook on order_created and a `/good` one on journey_completed. */
async function setup(overrides: Partial<ServiceOptions> = {}) {
  const ends = endpoints();
  const svc = testService({
    http: ends.http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    deliveries: { random: () => 0.5, timeoutMs: 400 },
    ...overrides,
  });
  const create = async (name: 'bad' | 'good', interest: string) => {
    const created = await api(svc, 'POST', '/v2/webhooks', {
      name,
      url: `https://hooks.example.com/${name}`,
      webhookInterests: [interest],
    });
    expect(created.status).toBe(201);
    return created.data.id as string;
  };
  const bad = await create('bad', 'order_created');
  const good = await create('good', 'journey_completed');
  const emit = async (which: 'bad' | 'good', count: number) => {
    for (let i = 0; i < count; i += 1) {
      await svc.commerce.emit({
        affiliateId: 'aff_1',
        eventType: which === 'bad' ? 'order_created' : 'journey_completed',
        data: which === 'bad' ? { order_id: `ord_${i}` } : { journey_id: `jrn_${i}` },
      });
    }
  };
  const read = async (id: string) => (await api(svc, 'GET', `/v2/webhooks/${id}`)).data;
  return { svc, ends, bad, good, emit, read };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(condition: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

function worker(svc: TestService, options: { batchSize: number; concurrency: number }) {
  const controller = new AbortController();
  const summaries: RunSummary[] = [];
  const done = runWorker({
    service: svc,
    signal: controller.signal,
    idleMs: 1,
    maxIdleMs: 5,
    onBatch: (summary) => summaries.push(summary),
    ...options,
  });
  return { stop: () => controller.abort(), done, summaries };
}

describe('4 delivery: one bad endpoint does not slow the others', () => {
  it('an endpoint holds at most 4 sends at once; the other endpoint’s deliveries, queued after, pass its waiting ones', async () => {
    const { svc, ends, emit } = await setup();
    await emit('bad', 12);
    await emit('good', 12);
    const w = worker(svc, { batchSize: 10, concurrency: 8 });
    await until(() => ends.sentTo('good').length === 12);
    expect(ends.inFlight.bad).toBe(4);
    expect(ends.maxInFlight.bad).toBe(4);
    // While the bad endpoint holds its four, nothing more of it is sent.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ends.sentTo('bad')).toHaveLength(4);
    while (ends.sentTo('bad').length < 12 || ends.inFlight.bad > 0) {
      ends.releaseAll();
      await tick();
    }
    w.stop();
    ends.releaseAll();
    await w.done;
    expect(new Set(ends.sentTo('bad')).size).toBe(12);
    expect(ends.maxInFlight.bad).toBe(4);
  });

  it('a send that turns slow gives its sender to other endpoints, and its endpoint keeps one send in flight', async () => {
    // Two senders, both taken by a hanging endpoint; with no answer seen yet, after 100 ms (a
    // quarter of 400 ms) each hands its place over. The endpoint is slow from then on: it gets no
    // third send, and the good one is served by the senders that took their places.
    const { svc, ends, emit } = await setup();
    await emit('bad', 6);
    await emit('good', 5);
    const w = worker(svc, { batchSize: 20, concurrency: 2 });
    await until(() => ends.sentTo('good').length === 5);
    expect(ends.inFlight.bad).toBe(2);
    w.stop();
    ends.releaseAll();
    await w.done;
    expect(w.summaries.reduce((sum, s) => sum + s.succeeded, 0)).toBe(7);
    expect(w.summaries.reduce((sum, s) => sum + s.released, 0)).toBe(4);
  });

  it('the circuit breaker opens after 5 consecutive failures, holds the rest back without spending attempts, and shows on the record', async () => {
    const { svc, ends, bad, emit, read } = await setup();
    ends.rules.bad = 500;
    await emit('bad', 10);
    const first = await svc.deliveries.runDue({ limit: 10 });
    expect(first.retrying + first.deferred).toBe(10);
    expect(first.retrying).toBeGreaterThanOrEqual(5);
    expect(first.deferred).toBeGreaterThanOrEqual(1);
    const record = await read(bad);
    expect(record.circuitBreaker).toMatchObject({
      state: 'open',
      openedAt: '2026-11-23T10:00:00.000Z',
      retryAt: '2026-11-23T10:00:30.000Z',
    });
    // Failures of sends already in flight when it opened do not count again.
    expect((record.circuitBreaker as { consecutiveFailures: number }).consecutiveFailures).toBe(5);
    // The failed ones are due for their retry at +5 s, but the breaker holds them until +30 s.
    svc.clock.advance(5_000);
    const held = await svc.deliveries.runDue({ limit: 10 });
    expect(held).toMatchObject({ claimed: first.retrying, deferred: first.retrying, retrying: 0 });
    expect(ends.sentTo('bad')).toHaveLength(first.retrying);
    svc.clock.advance(24_999);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    // Cooled: one probe goes; it succeeds, the breaker closes, and everything held is sent.
    svc.clock.advance(1);
    ends.rules.bad = 200;
    const probed = await svc.deliveries.runDue({ limit: 10 });
    expect(probed).toMatchObject({ claimed: 10, succeeded: 1, deferred: 9 });
    expect((await read(bad)).circuitBreaker).toEqual({ state: 'closed', consecutiveFailures: 0 });
    svc.clock.advance(1_400);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 9, succeeded: 9 });
    // Held deliveries spent no attempts: each was attempted once before or never before the probe.
    const log = await api(svc, 'GET', `/v2/webhooks/${bad}/deliveries?limit=100`);
    expect((log.data.pagination as { total: number }).total).toBe(first.retrying + 10);
  });

  it('events emitted while the breaker is open are queued for when it may probe: no claim reads them before, and closing it sends them', async () => {
    const { svc, ends, bad, emit, read } = await setup();
    ends.rules.bad = 500;
    await emit('bad', 5);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 5, retrying: 5 });
    const breaker = (await read(bad)).circuitBreaker as { state: string; retryAt: string };
    expect(breaker).toMatchObject({ state: 'open', retryAt: '2026-11-23T10:00:30.000Z' });
    await emit('bad', 3);
    // Before, each new delivery was claimed, found held and put back: a claim and a write apiece.
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 0 });
    const log = await api(svc, 'GET', `/v2/deliveries?webhookId=${bad}&status=pending&limit=100`);
    const waiting = (log.data.deliveries as { attempts: number; nextAttemptAt: string }[]).filter(
      (d) => d.attempts === 0,
    );
    expect(waiting.map((d) => d.nextAttemptAt)).toEqual([breaker.retryAt, breaker.retryAt, breaker.retryAt]);
    // Enabling the webhook again closes the breaker: what it held goes at once, these three and
    // the five retries.
    expect((await api(svc, 'PATCH', `/v2/webhooks/${bad}/status`, { status: 'enabled' })).status).toBe(200);
    ends.rules.bad = 200;
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 8, succeeded: 8 });
  });

  it('a failed probe reopens the breaker for twice as long; of two workers only one sends the probe', async () => {
    const { svc, ends, bad, emit, read } = await setup({
      deliveries: { random: () => 0.5, timeoutMs: 400, breaker: { failures: 2, coolingMs: 10_000 } },
    });
    ends.rules.bad = 503;
    await emit('bad', 4);
    await svc.deliveries.runDue({ limit: 10 });
    expect((await read(bad)).circuitBreaker).toMatchObject({
      state: 'open',
      retryAt: '2026-11-23T10:00:10.000Z',
    });
    svc.clock.advance(10_000);
    const sentBefore = ends.sentTo('bad').length;
    const [one, two] = await Promise.all([
      svc.deliveries.runDue({ limit: 2 }),
      svc.deliveries.runDue({ limit: 2 }),
    ]);
    expect(ends.sentTo('bad').length - sentBefore).toBe(1);
    expect(one.retrying + two.retrying).toBe(1);
    expect((await read(bad)).circuitBreaker).toMatchObject({
      state: 'open',
      openedAt: '2026-11-23T10:00:00.000Z',
      retryAt: '2026-11-23T10:00:30.000Z',
    });
  });

  it('docs/api.md §11.3 rules still hold under the breaker: a probe answered 410 disables the endpoint', async () => {
    const { svc, ends, bad, emit, read } = await setup();
    ends.rules.bad = 500;
    await emit('bad', 6);
    await svc.deliveries.runDue({ limit: 10 });
    expect((await read(bad)).circuitBreaker).toMatchObject({ state: 'open' });
    svc.clock.advance(30_000);
    ends.rules.bad = 410;
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ failed: 1 });
    expect(await read(bad)).toMatchObject({ status: 'disabled', isEnabled: false });
    svc.clock.advance(60_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 5, cancelled: 5 });
  });

  it('docs/api.md §11.3 rules still hold under the breaker: continuous failure for the configured time disables the endpoint through its probes', async () => {
    const { svc, ends, bad, emit, read } = await setup({
      deliveries: { random: () => 0.5, timeoutMs: 400, disableAfterMs: 3_600_000 },
    });
    ends.rules.bad = 500;
    await emit('bad', 6);
    for (let minutes = 0; minutes <= 70 && (await read(bad)).status === 'enabled'; minutes += 1) {
      await svc.deliveries.runDue({ limit: 10 });
      svc.clock.advance(60_000);
    }
    expect(await read(bad)).toMatchObject({ status: 'disabled' });
    // The breaker kept the attempts few: the first five, then one probe per cooling period.
    expect(ends.sentTo('bad').length).toBeLessThan(20);
  });

  it('a new URL or enabling the webhook again closes its breaker, so new deliveries and those it held go at once', async () => {
    const { svc, ends, bad, emit, read } = await setup();
    ends.rules.bad = 500;
    await emit('bad', 6);
    // They fail and open the breaker; once due, their retries are held until it may probe.
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 6, retrying: 6 });
    expect((await read(bad)).circuitBreaker).toMatchObject({ state: 'open' });
    svc.clock.advance(10_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 6, deferred: 6 });
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 0 });
    const enabled = await api(svc, 'PATCH', `/v2/webhooks/${bad}/status`, { status: 'enabled' });
    expect(enabled.status).toBe(200);
    expect(enabled.data.circuitBreaker).toEqual({ state: 'closed', consecutiveFailures: 0 });
    ends.rules.bad = 200;
    await emit('bad', 1);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 7, succeeded: 7 });

    ends.rules.bad = 500;
    await emit('bad', 5);
    await svc.deliveries.runDue({ limit: 10 });
    expect((await read(bad)).circuitBreaker).toMatchObject({ state: 'open' });
    const renamed = await api(svc, 'PUT', `/v2/webhooks/${bad}`, { name: 'Renamed' });
    expect(renamed.data.circuitBreaker).toMatchObject({ state: 'open' });
    const moved = await api(svc, 'PUT', `/v2/webhooks/${bad}`, { url: 'https://hooks.example.com/bad?v=2' });
    expect(moved.data.circuitBreaker).toEqual({ state: 'closed', consecutiveFailures: 0 });
    expect((await read(bad)).circuitBreaker).toEqual({ state: 'closed', consecutiveFailures: 0 });
  });
});
