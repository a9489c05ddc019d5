import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { migrate } from './migrate';
import { migrations } from './migrations';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

describe('migrations on the PostgreSQL server', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
  });

  it('apply once, and a second run applies nothing', async () => {
    const { db, schema, drop } = await freshServerSchema('mig');
    cleanups.push(drop);
    expect(await migrate({ db, schema })).toEqual(migrations.map((m) => m.version));
    expect(await migrate({ db, schema })).toEqual([]);
  });

  it('two migrators starting together (separate pools, as two processes) apply each version exactly once', async () => {
    const { schema, drop } = await freshServerSchema('race');
    cleanups.push(drop);
    const pools = [0, 1, 2].map(() => new pg.Pool({ connectionString: testDatabaseUrl, max: 1 }));
    try {
      const results = await Promise.all(pools.map((pool) => migrate({ db: pgPoolDb(pool), schema })));
      expect(results.flat().sort()).toEqual(migrations.map((m) => m.version).sort());
      const { rows } = await pools[0]!.query(
        `select version from "${schema}".schema_migrations order by version`,
      );
      expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('a failing migration leaves nothing behind', async () => {
    const { db, schema, drop } = await freshServerSchema('bad');
    cleanups.push(drop);
    await expect(
      migrate({
        db,
        schema,
        migrations: [...migrations, { version: 999, name: 'broken', sql: 'create table {s}.x (; ' }],
      }),
    ).rejects.toThrow();
    const { rows } = await db.query(
      `select count(*)::int as n from information_schema.tables where table_schema = $1`,
      [schema],
    );
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('moving to the delivery queue keeps every pending delivery, its lease, due time and order', async () => {
    const { db, schema, drop } = await freshServerSchema('queue');
    cleanups.push(drop);
    await migrate({ db, schema, migrations: migrations.filter((m) => m.version < 20) });
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await db.query(
      `insert into "${schema}".events (affiliate_id, id, event_type, occurred_at, data)
       values ('aff_1', 'evt_1', 'order_created', $1, '{}')`,
      [at(0)],
    );
    // Pending and free; pending and leased until minute 30; two of one entity; one succeeded.
    await db.query(
      `insert into "${schema}".deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
         next_attempt_at, lease_token, lease_expires_at, ordering_key, created_at, updated_at)
       values
         ('aff_1', 'dlv_free', 'wh_1', 'evt_1', 'order_created', 'pending', 1, $1, null, null, null, $2, $2),
         ('aff_1', 'dlv_held', 'wh_1', 'evt_1', 'order_created', 'pending', 0, $2, 'lease_old', $3, null, $2, $2),
         ('aff_1', 'dlv_first', 'wh_2', 'evt_1', 'order_created', 'pending', 0, $2, null, null, 'ord_9', $2, $2),
         ('aff_1', 'dlv_second', 'wh_2', 'evt_1', 'order_created', 'pending', 0, $2, null, null, 'ord_9', $2, $2),
         ('aff_1', 'dlv_done', 'wh_1', 'evt_1', 'order_created', 'succeeded', 1, null, null, null, null, $2, $2)`,
      [at(5), at(0), at(30)],
    );
    expect(await migrate({ db, schema })).toEqual(
      migrations.filter((m) => m.version >= 20).map((m) => m.version),
    );

    const storage = await createPostgresStorage({ db, schema });
    const found = await storage.deliveries.findDelivery({ affiliateId: 'aff_1', id: 'dlv_free' });
    expect(found).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: at(5) });
    const done = await storage.deliveries.findDelivery({ affiliateId: 'aff_1', id: 'dlv_done' });
    expect(done).toMatchObject({ status: 'succeeded' });
    expect(done?.nextAttemptAt).toBeUndefined();
    expect(await storage.deliveries.backlog({ now: at(10) })).toEqual({
      pending: 4,
      due: 4,
      oldestDueAt: at(0),
    });

    const claim = (minute: number, leaseToken: string) =>
      storage.deliveries
        .claimDue({ now: at(minute), limit: 10, leaseMs: 3_600_000, leaseToken })
        .then((claimed) => claimed.map((c) => c.delivery.id).sort());
    // The held one waits for its lease; the entity's second waits for its first.
    expect(await claim(10, 'lease_new')).toEqual(['dlv_first', 'dlv_free']);
    expect(await claim(31, 'lease_later')).toEqual(['dlv_held']);
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    const { db, drop } = await freshServerSchema('ident');
    cleanups.push(drop);
    await expect(migrate({ db, schema: 'x"; drop table y; --' })).rejects.toThrow(/schema must be/);
  });
});
