import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { migrate } from './migrate';
import { migrations } from './migrations';
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

  it('refuses a schema name that is not a plain identifier', async () => {
    const { db, drop } = await freshServerSchema('ident');
    cleanups.push(drop);
    await expect(migrate({ db, schema: 'x"; drop table y; --' })).rejects.toThrow(/schema must be/);
  });
});
