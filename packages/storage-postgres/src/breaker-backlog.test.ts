import type { HttpRequest } from '@affiliate-commerce/core';
import { randomIds, runWorker, type Storage, systemClock } from '@affiliate-commerce/core';
import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { memoryStorageUnderTest, serverStorageUnderTest } from './test-database.test-support';

const backlog = 150;
const arrivals = 60;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts the queue rows each deferral moves, the way the worker calls it. */
function countingDeferrals(storage: Storage) {
  const counts = { calls: 0, moved: 0 };
  const defer = storage.deliveries.defer.bind(storage.deliveries);
  storage.deliveries.defer = async (input) => {
    const moved = await defer(input);
    counts.calls += 1;
    counts.moved += moved;
    return moved;
  };
  return counts;
}

describe.each([
  ['memory', memoryStorageUnderTest],
  ['PostgreSQL server', serverStorageUnderTest('breaker_backlog')],
] as const)("an open breaker's backlog (%s)", (_name, outbox) => {
  it('moves each queued delivery a bounded number of times however often the breaker changes, and sends the backlog as soon as it closes', async () => {
    const { storage, teardown } = await outbox();
    const deferrals = countingDeferrals(storage);
    let healthy = false;
    const delivered = new Set<string>();
    const http = fakeHttpClient((request: HttpRequest) => {
      if (!healthy) return { ok: true, status: 500, headers: {}, bodyText: 'down', latencyMs: 1 };
      delivered.add(request.headers['X-Webhook-Id']!);
      return { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 1 };
    });
    const svc: TestService = testService({
      storage,
      http,
      clock: systemClock(),
      ids: randomIds(),
      resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
      deliveries: {
        timeoutMs: 2_000,
        // Retries a second apart: a delivery that probed and failed goes again soon after the outage.
        delays: Array.from({ length: 10 }, () => 1_000),
        breaker: { failures: 3, coolingMs: 100, maxCoolingMs: 200 },
      },
    });
    const controller = new AbortController();
    try {
      await svc.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      const created = await svc.handle(
        new Request('http://api.test/v2/webhooks', {
          method: 'POST',
          headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'down',
            url: 'https://hooks.example.com/down',
            webhookInterests: ['order_created'],
          }),
        }),
      );
      expect(created.status).toBe(201);
      const emit = (i: number) =>
        svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: `o${i}` } });
      for (let i = 0; i < backlog; i += 1) await emit(i);

      const worker = runWorker({
        service: svc,
        signal: controller.signal,
        batchSize: 20,
        concurrency: 4,
        idleMs: 5,
        maxIdleMs: 40,
      });
      // The breaker opens, probes and reopens many times while more orders arrive.
      for (let i = 0; i < arrivals; i += 1) {
        await emit(backlog + i);
        await pause(40);
      }
      const changes = Date.now() + 15_000;
      while (deferrals.calls < 8 && Date.now() < changes) await pause(20);
      expect(deferrals.calls).toBeGreaterThanOrEqual(8);
      // Each change moves what arrived or came due since and the one kept for the probe, not the
      // backlog again: a bound on the deliveries, not on how often the breaker changed.
      expect(deferrals.moved).toBeLessThanOrEqual(2 * (backlog + arrivals) + 2 * deferrals.calls);

      healthy = true;
      // The backlog goes when the breaker closes; at worst a delivery held for the probe waits its window.
      const deadline = Date.now() + 15_000;
      while (delivered.size < backlog + arrivals && Date.now() < deadline) await pause(20);
      expect(delivered.size).toBe(backlog + arrivals);
      controller.abort();
      await worker;
    } finally {
      controller.abort();
      await teardown();
    }
  }, 40_000);
});
