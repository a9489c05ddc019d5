import { startReceiver, type TestService, testService, testTokens } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpOutcome } from '../ports/net/http-client';
import { nodeHttpClient } from '../ports/net/node-http-client';
import { nodeResolver } from '../ports/net/node-resolver';
import { backPressureOf } from './back-pressure';
import { retryAfterMs } from './retry-schedule';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const now = new Date('2026-11-23T10:00:00.000Z');

function service(deliveries: Record<string, unknown> = {}): TestService {
  return testService({
    http: nodeHttpClient(),
    resolver: nodeResolver(),
    allowPrivateNetworks: true,
    // One send at a time, with no jitter, so the order of answers is the order of deliveries.
    deliveries: { random: () => 0.5, timeoutMs: 400, perEndpoint: 1, concurrency: 1, ...deliveries },
  });
}

async function api(svc: TestService, method: string, path: string, body?: unknown) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return (await response.json()) as { data: Record<string, unknown> };
}

async function endpointWithOrders(svc: TestService, orders: number): Promise<string> {
  const created = await api(svc, 'POST', '/v2/webhooks', {
    name: 'Receiver',
    url: receiver.url,
    webhookInterests: ['order_created'],
  });
  for (let i = 0; i < orders; i += 1)
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: `o${i}` },
    });
  return created.data.id as string;
}

const breakerOf = async (svc: TestService, id: string) =>
  (await api(svc, 'GET', `/v2/webhooks/${id}`)).data.circuitBreaker as
    | { state: string; consecutiveFailures: number }
    | undefined;

describe("receivers' back-pressure: reading Retry-After (api.md: receivers' back-pressure)", () => {
  const answer = (status: number, retryAfter?: string): HttpOutcome => ({
    ok: true,
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
    bodyText: '',
    latencyMs: 1,
  });

  it('takes delta seconds or an HTTP date, at least 1 s and at most the maximum', () => {
    expect(retryAfterMs('120', now, 3_600_000)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now, 3_600_000)).toBe(1_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 10:02:00 GMT', now, 3_600_000)).toBe(120_000);
    expect(retryAfterMs('Mon, 23 Nov 2026 09:00:00 GMT', now, 3_600_000)).toBe(1_000);
    expect(retryAfterMs('86400', now, 3_600_000)).toBe(3_600_000);
    expect(retryAfterMs('-5', now, 3_600_000)).toBeUndefined();
    expect(retryAfterMs('1.5', now, 3_600_000)).toBeUndefined();
    expect(retryAfterMs('soon', now, 3_600_000)).toBeUndefined();
    expect(retryAfterMs(undefined, now, 3_600_000)).toBeUndefined();
  });

  it('counts on a 429 or a 503 only; only a 429 is throttling; maxRetryAfterMs bounds it', () => {
    expect(backPressureOf(answer(429, '30'), now, {})).toEqual({ throttled: true, retryAfterMs: 30_000 });
    expect(backPressureOf(answer(503, '30'), now, {})).toEqual({ throttled: false, retryAfterMs: 30_000 });
    expect(backPressureOf(answer(429), now, {})).toEqual({ throttled: true });
    expect(backPressureOf(answer(500, '30'), now, {})).toEqual({ throttled: false });
    expect(backPressureOf(answer(302, '30'), now, {})).toEqual({ throttled: false });
    expect(backPressureOf(answer(429, '99999'), now, {})).toEqual({
      throttled: true,
      retryAfterMs: 3_600_000,
    });
    expect(backPressureOf(answer(429, '600'), now, { maxRetryAfterMs: 60_000 })).toMatchObject({
      retryAfterMs: 60_000,
    });
  });
});

describe("receivers' back-pressure against a local receiver (api.md: receivers' back-pressure)", () => {
  it("a 429 with Retry-After sets that delivery's next attempt and holds the endpoint's others, spending no attempt", async () => {
    const svc = service();
    const id = await endpointWithOrders(svc, 3);
    receiver.answer({ status: 429, headers: { 'retry-after': '120' } });
    const before = receiver.received.length;
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({
      claimed: 3,
      retrying: 1,
      deferred: 2,
    });
    expect(receiver.received.length - before).toBe(1);
    svc.clock.advance(119_000);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    svc.clock.advance(1_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 3, succeeded: 3 });
    const log = (await api(svc, 'GET', `/v2/webhooks/${id}/deliveries?limit=100`)).data.items as {
      attempt: number;
      statusCode: number;
    }[];
    expect(log.map((one) => `${one.attempt}:${one.statusCode}`).sort()).toEqual(
      ['1:200', '1:200', '1:429', '2:200'].sort(),
    );
  });

  it('an HTTP-date Retry-After on a 503 holds the endpoint until that date', async () => {
    const svc = service();
    await endpointWithOrders(svc, 2);
    const at = new Date(svc.clock.now().getTime() + 90_000).toUTCString();
    receiver.answer({ status: 503, headers: { 'retry-after': at } });
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ retrying: 1, deferred: 1 });
    svc.clock.advance(89_000);
    expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    svc.clock.advance(1_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 2 });
  });

  it('a Retry-After beyond the maximum is cut to it', async () => {
    const svc = service({ maxRetryAfterMs: 60_000 });
    await endpointWithOrders(svc, 1);
    receiver.answer({ status: 429, headers: { 'retry-after': '86400' } });
    await svc.deliveries.runDue({ limit: 10 });
    svc.clock.advance(60_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ succeeded: 1 });
  });

  it('429s do not count towards the circuit breaker; 503s count as 500s do', async () => {
    const svc = service({ breaker: { failures: 3 } });
    const id = await endpointWithOrders(svc, 1);
    for (let i = 0; i < 4; i += 1) {
      receiver.answer({ status: 429 });
      await svc.deliveries.runDue({ limit: 10 });
      svc.clock.advance(36_000_000);
    }
    expect((await breakerOf(svc, id))?.consecutiveFailures ?? 0).toBe(0);

    const other = service({ breaker: { failures: 3 } });
    const failing = await endpointWithOrders(other, 1);
    for (let i = 0; i < 3; i += 1) {
      receiver.answer({ status: 503 });
      await other.deliveries.runDue({ limit: 10 });
      other.clock.advance(36_000_000);
    }
    expect(await breakerOf(other, failing)).toMatchObject({ state: 'open', consecutiveFailures: 3 });
  });
});
