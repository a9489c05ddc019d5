import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

describe('a statement of its own that loses a deadlock, on the PostgreSQL server', () => {
  let schema: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshServerSchema('deadlock');
    ({ schema, drop } = fresh);
    await fresh.pool.query(`create schema "${schema}"`);
    await fresh.pool.query(`create table "${schema}".t (id int primary key, v int not null)`);
    await fresh.pool.query(`insert into "${schema}".t values (1, 0), (2, 0)`);
  });
  afterAll(() => drop());

  it('runs again once the other transaction is through, and the caller sees it succeed', async () => {
    // This pool's statements notice a deadlock after 50 ms; the rival transaction only after 10 s,
    // so the statement is the one PostgreSQL ends.
    const pool = new pg.Pool({
      connectionString: testDatabaseUrl,
      options: '-c deadlock_timeout=50',
      max: 1,
    });
    const db = pgPoolDb(pool);
    const rival = new pg.Client({ connectionString: testDatabaseUrl, options: '-c deadlock_timeout=10000' });
    await rival.connect();
    try {
      const t = `"${schema}".t`;
      await rival.query('begin');
      await rival.query(`update ${t} set v = v + 10 where id = 1`);
      // Row 2, then row 1, which the rival holds.
      const statement = db.query<{ v: number }>(
        `with first as (update ${t} set v = v + 1 where id = 2 returning 1)
         update ${t} set v = v + 1 where id = 1 and exists (select 1 from first) returning v`,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The rival now waits on row 2: a deadlock, which ends the statement.
      const rivalDone = rival.query(`update ${t} set v = v + 10 where id = 2`);
      await rivalDone;
      await rival.query('commit');
      const { rows } = await statement;
      expect(rows).toEqual([{ v: 11 }]);
      const { rows: stored } = await pool.query(`select id, v from ${t} order by id`);
      expect(stored).toEqual([
        { id: 1, v: 11 },
        { id: 2, v: 11 },
      ]);
    } finally {
      await rival.end();
      await pool.end();
    }
  });
});
