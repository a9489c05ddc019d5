import type { HttpRequest } from '@affiliate-commerce/core';
import { randomIds, runWorker, type Storage, systemClock } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

const rate = 10;
const throttledCount = 30;
const freeCount = 150;

/** Two storages over one outbox (two pools on the server), and how to drop them. */
type Outbox = () => Promise<{ storages: [Storage, Storage]; teardown: () => Promise<void> }>;

const memoryOutbox: Outbox = async () => {
  const storage = memoryStorage();
  return { storages: [storage, storage], teardown: () => storage.close() };
};

const serverOutbox: Outbox = async () => {
  const { db, schema, drop } = await freshServerSchema('throttle');
  const first = await createPostgresStorage({ db, schema });
  const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 8 });
  const second = await createPostgresStorage({ db: pgPoolDb(pool), schema });
  return {
    storages: [first, second],
    teardown: async () => {
      await second.close();
      await pool.end().catch(() => undefined);
      await first.close();
      await drop();
    },
  };
};

async function call(svc: TestService, method: string, path: string, body?: unknown) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return (await response.json()) as { data: Record<string, unknown> & { items?: Record<string, unknown>[] } };
}

describe.each([
  ['memory', memoryOutbox],
  ['PostgreSQL server', serverOutbox],
] as const)('rateLimit across two workers sharing one outbox (%s)', (_name, outbox) => {
  it('sends each throttled delivery once at no more than the rate, spending no attempt on holding, while the other webhook goes at full speed', async () => {
    const { storages, teardown } = await outbox();
    // When each request left, by path, on this process's clock.
    const sent: { path: string; at: number; eventId: string }[] = [];
    const http = fakeHttpClient((request: HttpRequest) => {
      sent.push({
        path: new URL(request.url).pathname,
        at: performance.now(),
        eventId: request.headers['X-Webhook-Id']!,
      });
      return { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 1 };
    });
    const services = storages.map((storage) =>
      testService({
        storage,
        http,
        clock: systemClock(),
        ids: randomIds(),
        resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
      }),
    ) as [TestService, TestService];
    const [svc] = services;
    const controller = new AbortController();
    try {
      await svc.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      const create = async (name: string, interest: string, limit?: number) =>
        (
          await call(svc, 'POST', '/v2/webhooks', {
            name,
            url: `https://hooks.example.com/${name}`,
            webhookInterests: [interest],
            ...(limit === undefined ? {} : { rateLimit: limit }),
          })
        ).data.id as string;
      const throttled = await create('throttled', 'order_created', rate);
      await create('free', 'journey_completed');
      // The throttled backlog first: the other webhook's deliveries are queued behind it.
      for (let i = 0; i < throttledCount; i += 1)
        await svc.commerce.emit({
          affiliateId: 'aff_1',
          eventType: 'order_created',
          data: { order_id: `o${i}` },
        });
      for (let i = 0; i < freeCount; i += 1)
        await svc.commerce.emit({
          affiliateId: 'aff_1',
          eventType: 'journey_completed',
          data: { journey_id: `j${i}` },
        });

      const workers = services.map((service) =>
        runWorker({
          service,
          signal: controller.signal,
          batchSize: 20,
          concurrency: 4,
          idleMs: 5,
          maxIdleMs: 50,
        }),
      );
      const to = (path: string) => sent.filter((one) => one.path === path);
      const deadline = Date.now() + 20_000;
      while (to('/throttled').length < throttledCount && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      controller.abort();
      await Promise.all(workers);

      const slow = to('/throttled');
      const free = to('/free');
      expect(new Set(slow.map((one) => one.eventId)).size).toBe(throttledCount);
      expect(slow).toHaveLength(throttledCount);
      expect(free).toHaveLength(freeCount);
      // Never more than the rate and one slot in any second.
      for (const { at } of slow) {
        expect(slow.filter((one) => one.at >= at && one.at < at + 1_000).length).toBeLessThanOrEqual(
          rate + 1,
        );
      }
      // The other webhook was not held behind the throttled backlog.
      const halfDone = slow[throttledCount / 2 - 1]!.at;
      expect(free.every((one) => one.at < halfDone)).toBe(true);
      // Each delivery was attempted once, and succeeded: holding spent no attempt.
      const log = await call(svc, 'GET', `/v2/webhooks/${throttled}/deliveries?limit=100`);
      const attempts = log.data.items!;
      expect(attempts).toHaveLength(throttledCount);
      expect(attempts.every((one) => one.attempt === 1 && one.succeeded === true)).toBe(true);
      expect(new Set(attempts.map((one) => one.deliveryId)).size).toBe(throttledCount);
    } finally {
      controller.abort();
      await teardown();
    }
  }, 40_000);
});
