import { randomIds, type Storage } from '@affiliate-commerce/core';
import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testClock,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

const opsUrl = 'https://ops.example.com/hooks';
const opsSecret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

describe('operations endpoint on the PostgreSQL server (api.md: operational events)', () => {
  it('two workers and a restart send each operational event to it once, retried after a failure', async () => {
    const { db, schema, drop } = await freshServerSchema('operations');
    const first = await createPostgresStorage({ db, schema });
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 4 });
    const second = await createPostgresStorage({ db: pgPoolDb(pool), schema });
    const clock = testClock('2026-11-23T10:00:00.000Z');
    // The affiliate's endpoint is gone (410); the operations endpoint fails once, then takes them.
    const opsAnswers = [500];
    const http = fakeHttpClient((request) => ({
      ok: true,
      status: request.url === opsUrl ? (opsAnswers.shift() ?? 200) : 410,
      headers: {},
      bodyText: '',
      latencyMs: 1,
    }));
    const worker = (storage: Storage): TestService =>
      testService({
        storage,
        clock,
        http,
        ids: randomIds(),
        resolver: fakeResolver({
          'hooks.example.com': ['93.184.216.34'],
          'ops.example.com': ['93.184.216.35'],
        }),
        deliveries: { random: () => 0.5, delays: [10_000] },
        operations: { url: opsUrl, secret: opsSecret },
      });
    try {
      const a = worker(first);
      await a.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      await a.handle(
        new Request('http://api.test/v2/webhooks', {
          method: 'POST',
          headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Gone',
            url: 'https://hooks.example.com/gone',
            webhookInterests: ['order_created'],
          }),
        }),
      );
      await a.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: 'o1' } });
      const b = worker(second);
      await Promise.all([a, b].map((svc) => svc.deliveries.runDue({ limit: 10 })));
      const ops = () => http.requests.filter((request) => request.url === opsUrl);
      // Queued right after the writes that decided them; sent by whichever worker claims them.
      await vi.waitFor(async () => {
        await Promise.all([a, b].map((svc) => svc.deliveries.runDue({ limit: 10 })));
        expect(ops().length).toBe(2);
      });
      // A restart: a new process over the same outbox sends the retry once it is due.
      clock.advance(10_000);
      const restarted = worker(second);
      await Promise.all([a, restarted].map((svc) => svc.deliveries.runDue({ limit: 10 })));
      const bodies = ops().map((request) => JSON.parse(request.body!) as { type: string; data: object });
      expect(bodies).toHaveLength(3);
      const types = bodies.map((body) => body.type);
      expect(new Set(types)).toEqual(new Set(['endpoint.disabled', 'delivery.exhausted']));
      // Each event id was answered 200 once: no event is sent again after it was taken.
      const ids = ops().map((request) => request.headers['webhook-id']);
      expect(new Set(ids).size).toBe(2);
      for (const body of bodies) expect(body.data).toMatchObject({ affiliateId: 'aff_1' });
    } finally {
      await second.close();
      await pool.end().catch(() => undefined);
      await first.close();
      await drop();
    }
  }, 30_000);
});
