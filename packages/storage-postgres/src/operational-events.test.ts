import type { OperationalEvent, Storage } from '@affiliate-commerce/core';
import { randomIds } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testClock,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

/** Two storages over one outbox (two pools on the server), as two workers' processes have. */
type Outbox = () => Promise<{ storages: [Storage, Storage]; teardown: () => Promise<void> }>;

const memoryOutbox: Outbox = async () => {
  const storage = memoryStorage();
  return { storages: [storage, storage], teardown: () => storage.close() };
};

const serverOutbox: Outbox = async () => {
  const { db, schema, drop } = await freshServerSchema('operational');
  const first = await createPostgresStorage({ db, schema });
  const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 4 });
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

describe.each([
  ['memory', memoryOutbox],
  ['PostgreSQL server', serverOutbox],
] as const)('operational events across two workers and a restart (%s)', (_name, outbox) => {
  it('a receiver that fails until its endpoint is disabled: failing at 50, 70 and 90 %, then disabled, in order, once each (api.md: operational events)', async () => {
    const { storages, teardown } = await outbox();
    const clock = testClock('2026-11-23T10:00:00.000Z');
    const events: OperationalEvent[] = [];
    const http = fakeHttpClient(() => ({
      ok: true,
      status: 500,
      headers: {},
      bodyText: 'down',
      latencyMs: 1,
    }));
    // A worker process: its own service over a storage of the shared outbox.
    const worker = (storage: Storage): TestService =>
      testService({
        storage,
        clock,
        http,
        ids: randomIds(),
        resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
        onOperationalEvent: (event) => {
          events.push(event);
        },
        deliveries: {
          random: () => 0.5,
          delays: Array.from({ length: 20 }, () => 10_000),
          disableAfterMs: 100_000,
          breaker: { failures: 1_000 },
        },
      });
    try {
      const [first, second] = storages.map(worker) as [TestService, TestService];
      await first.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      const created = await first.handle(
        new Request('http://api.test/v2/webhooks', {
          method: 'POST',
          headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Failing',
            url: 'https://hooks.example.com/failing',
            webhookInterests: ['order_created'],
          }),
        }),
      );
      const webhookId = ((await created.json()) as { data: { id: string } }).data.id;
      for (let i = 0; i < 3; i += 1)
        await first.commerce.emit({
          affiliateId: 'aff_1',
          eventType: 'order_created',
          data: { order_id: `o${i}` },
        });
      // Both workers run every step; halfway the second restarts (a new process, nothing in memory).
      let workers = [first, second];
      for (let step = 0; step <= 11; step += 1) {
        if (step === 6) workers = [first, worker(storages[1])];
        await Promise.all(workers.map((svc) => svc.deliveries.runDue({ limit: 10 })));
        clock.advance(10_000);
      }
      const start = Date.parse('2026-11-23T10:00:00.000Z');
      expect(events.map((event) => [event.type, 'fraction' in event ? event.fraction : undefined])).toEqual([
        ['endpoint.failing', 0.5],
        ['endpoint.failing', 0.7],
        ['endpoint.failing', 0.9],
        ['endpoint.disabled', undefined],
      ]);
      for (const event of events) expect(event).toMatchObject({ affiliateId: 'aff_1', webhookId });
      expect(events[0]).toMatchObject({
        at: new Date(start + 50_000),
        failingSince: new Date(start),
        disableAt: new Date(start + 100_000),
      });
      expect(events[3]).toMatchObject({ reason: 'failing', at: new Date(start + 100_000) });
      // Nothing sensitive: no URL, no header, no payload.
      expect(JSON.stringify(events)).not.toMatch(/hooks\.example\.com|order_id/);
    } finally {
      await teardown();
    }
  }, 30_000);
});
