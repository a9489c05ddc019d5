import { randomBytes } from 'node:crypto';
import type { Storage } from '@affiliate-commerce/core';
import { memoryLogger } from '@affiliate-commerce/testkit';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { serviceOn, testDatabaseUrl } from './test-database.test-support';

/**
 * Storage on a pool of one connection, so the test sees the statements that connection holds
 * and can change them behind the driver's back, as a migration or a pooler would.
 */
async function onOneConnection(options: { preparedStatements?: boolean } = {}) {
  const schema = `prep_${process.pid}_${randomBytes(4).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
  const { logger, events } = memoryLogger();
  const storage = await createPostgresStorage({ db: pgPoolDb(pool, { logger, ...options }), schema });
  const service = serviceOn(storage);
  const listWebhooks = async () =>
    (
      await service.handle(
        new Request('http://api.test/v2/webhooks', { headers: { authorization: 'Bearer admin' } }),
      )
    ).status;
  const prepared = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (row) => row.statement.replace(/\s+/g, ' '),
    );
  cleanups.push(async () => {
    await pool.query(`drop schema if exists "${schema}" cascade`);
    await pool.end();
  });
  return { schema, pool, events, storage, listWebhooks, prepared };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const listStatement = (schema: string) =>
  `select * from "${schema}".webhooks where affiliate_id = $1 order by created_at, id`;

describe('prepared statements on a pg Pool (preparedStatements, default true)', () => {
  it('prepares each statement once per connection and runs it by name after', async () => {
    const { schema, listWebhooks, prepared } = await onOneConnection();
    expect(await listWebhooks()).toBe(200);
    expect(await listWebhooks()).toBe(200);
    const statements = await prepared();
    expect(statements.filter((text) => text === listStatement(schema))).toHaveLength(1);
  });

  it('preparedStatements: false sends every statement unnamed', async () => {
    const { listWebhooks, prepared } = await onOneConnection({ preparedStatements: false });
    expect(await listWebhooks()).toBe(200);
    expect(await prepared()).toEqual([]);
  });

  it('a table that gained a column under a prepared statement: the calls still answer', async () => {
    const { schema, pool, listWebhooks } = await onOneConnection();
    expect(await listWebhooks()).toBe(200);
    // What a newer version's migration does while this process still runs (0A000 on the next call).
    await pool.query(`alter table "${schema}".webhooks add column added_later text`);
    expect(await listWebhooks()).toBe(200);
    expect(await listWebhooks()).toBe(200);
  });

  it('inside a transaction, the same change makes the transaction run again from its start', async () => {
    const { schema, pool, storage } = await onOneConnection();
    const list = (on: Storage) => on.webhooks.list({ affiliateId: 'aff_1' });
    await storage.transaction(list);
    await pool.query(`alter table "${schema}".webhooks add column added_later text`);
    let runs = 0;
    const found = await storage.transaction(async (tx) => {
      runs += 1;
      return list(tx);
    });
    expect(found).toEqual([]);
    expect(runs).toBe(2);
  });

  it('a pooler that loses prepared statements turns naming off for the pool, says so once, and the calls still answer', async () => {
    const { pool, events, listWebhooks, prepared } = await onOneConnection();
    expect(await listWebhooks()).toBe(200);
    // What PgBouncer in transaction mode does: the next statement lands on a server connection
    // that never saw the Parse (26000, prepared statement does not exist).
    await pool.query('deallocate all');
    expect(await listWebhooks()).toBe(200);
    expect(await listWebhooks()).toBe(200);
    expect(await prepared()).toEqual([]);
    const notes = events('storage.prepared_statements_off');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.level).toBe('warn');
  });
});
