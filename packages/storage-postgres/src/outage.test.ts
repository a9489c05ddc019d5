import { randomBytes } from 'node:crypto';
import { isStorageUnavailable, type Storage } from '@affiliate-commerce/core';
import { memoryLogger } from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { isConnectionFailure } from './outage';
import { connectPostgres } from './postgres-storage';
import { type SwitchableProxy, switchableProxy } from './switchable-proxy.test-support';
import { serviceOn, testDatabaseUrl } from './test-database.test-support';

const get = (path: string) =>
  new Request(`http://api.test${path}`, { headers: { authorization: 'Bearer admin' } });

/** Ends the server's connections of one application name, as a restart or fail-over does (57P01). */
async function terminate(admin: pg.Pool, applicationName: string): Promise<number> {
  const { rows } = await admin.query(
    'select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return rows.length;
}

/** Resolves once `check` passes, trying every 50 ms for up to `withinMs`. */
async function eventually(check: () => Promise<void>, withinMs = 10_000): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('isConnectionFailure', () => {
  it('knows the outages: socket errors, shutdown and recovery SQLSTATEs, class 08, the driver’s words', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '25006',
    ])
      expect(isConnectionFailure(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isConnectionFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isConnectionFailure(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
  });

  it('a statement that is wrong is not an outage: it stays a bug (500)', () => {
    for (const code of ['23505', '42P01', '40001', '22P02', '57014'])
      expect(isConnectionFailure(Object.assign(new Error('x'), { code }))).toBe(false);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        // Anything that is not an error object with one of the outage codes or messages.
        const looksLikeOutage =
          typeof value === 'object' && value !== null && ('code' in value || 'message' in value);
        if (!looksLikeOutage) expect(isConnectionFailure(value)).toBe(false);
      }),
    );
  });
});

describe('a PostgreSQL server that goes away (connections cut through a proxy, or ended by the server)', () => {
  let admin: pg.Pool;
  let proxy: SwitchableProxy;
  let storage: Storage | undefined;
  const schema = `outage_${process.pid}_${randomBytes(4).toString('hex')}`;
  const applicationName = `ac-outage-${randomBytes(4).toString('hex')}`;
  const logged = memoryLogger();
  const loggedEvents = () => logged.lines.map((line) => line.meta.event);

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: testDatabaseUrl, max: 2 });
    proxy = await switchableProxy(testDatabaseUrl, { up: false });
  });
  afterEach(() => {
    expect(loggedEvents()).not.toContain(undefined);
  });
  afterAll(async () => {
    await storage?.close();
    await proxy.close();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it('connectPostgres resolves while the database is down; calls answer 503 with Retry-After until it is back', async () => {
    const url = new URL(proxy.url);
    url.searchParams.set('application_name', applicationName);
    storage = await connectPostgres({ connectionString: url.toString(), schema, logger: logged.logger });
    const service = serviceOn(storage);
    expect(loggedEvents()).toContain('storage.unreachable');

    await expect(storage.webhooks.list({ affiliateId: 'aff_1' })).rejects.toSatisfy(isStorageUnavailable);
    const listed = await service.handle(get('/v2/webhooks'));
    expect(listed.status).toBe(503);
    expect(listed.headers.get('retry-after')).toBe('5');
    expect(await listed.json()).toMatchObject({ success: false, error: { code: 'STORAGE_UNAVAILABLE' } });
    const ready = await service.handle(new Request('http://api.test/health/ready'));
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect((await service.handle(new Request('http://api.test/health/live'))).status).toBe(200);

    await proxy.up();
    // The migrations run on the first call after the database answers; no restart.
    await eventually(async () => {
      expect((await service.handle(get('/v2/webhooks'))).status).toBe(200);
    });
    expect((await service.handle(new Request('http://api.test/health/ready'))).status).toBe(200);
    expect(loggedEvents()).toContain('storage.ready');
  });

  it('the server ending every connection (restart, fail-over) ends no process: idle ones are replaced, the next call succeeds', async () => {
    const service = serviceOn(storage!);
    // Several connections in the pool, idle when they are ended.
    await Promise.all(Array.from({ length: 4 }, () => service.handle(get('/v2/webhooks'))));
    expect(await terminate(admin, applicationName)).toBeGreaterThan(0);
    await eventually(async () => {
      expect((await service.handle(get('/v2/webhooks'))).status).toBe(200);
    });
    expect(loggedEvents()).toContain('storage.connection_lost');
  });

  it('a cut mid-transaction rejects as unavailable and leaves nothing half-written', async () => {
    const pool = new pg.Pool({ connectionString: proxy.url, max: 2 });
    const db = pgPoolDb(pool, { logger: logged.logger });
    await db.query(`create table "${schema}".halves (id text primary key)`);
    const write = db.transaction(async (tx) => {
      await tx.query(`insert into "${schema}".halves values ('first')`);
      await proxy.down();
      await tx.query(`insert into "${schema}".halves values ('second')`);
    });
    await expect(write).rejects.toSatisfy(isStorageUnavailable);
    await expect(db.query('select 1')).rejects.toSatisfy(isStorageUnavailable);
    await proxy.up();
    const { rows } = await admin.query(`select id from "${schema}".halves`);
    expect(rows).toEqual([]);
    await eventually(async () => {
      expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    });
    await pool.end();
  });

  it('a connection ended by the server mid-transaction: the transaction rejects as unavailable, nothing is written', async () => {
    const url = new URL(proxy.url);
    const name = `${applicationName}-tx`;
    url.searchParams.set('application_name', name);
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    const db = pgPoolDb(pool, { logger: logged.logger });
    const write = db.transaction(async (tx) => {
      await tx.query(`insert into "${schema}".halves values ('ended')`);
      await terminate(admin, name);
      await tx.query('select pg_sleep(0.2)');
    });
    await expect(write).rejects.toSatisfy(isStorageUnavailable);
    expect((await admin.query(`select id from "${schema}".halves`)).rows).toEqual([]);
    // The broken connection was dropped, not reused.
    expect((await db.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
    await pool.end();
  });
});
