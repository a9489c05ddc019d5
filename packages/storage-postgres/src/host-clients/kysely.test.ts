import {
  CamelCasePlugin,
  type ControlledTransaction,
  Kysely,
  PostgresDialect,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hostClientOf } from '../host-transaction';
import { type HostSide, hostTransactionContract } from '../host-transaction.contract.test-support';
import { testDatabaseUrl } from '../test-database.test-support';
import { kyselyTransaction } from './kysely';
import { expectRowsAsPg } from './rows-as-pg.test-support';

/** The host's own statements through Kysely (`$1` parameters as the contract writes them). */
const run = async (trx: Kysely<unknown>, text: string, params: readonly unknown[]) => {
  const parts = text.split(/\$(\d+)/);
  const query = sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)),
    sql.raw(''),
  );
  return (await query.execute(trx)).rows as Record<string, unknown>[];
};

const connect = (url: string) =>
  new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 12 }) }),
  });

hostTransactionContract('kysely', async (url) => {
  const db = connect(url);
  let savepoints = 0;
  // `db.transaction().execute(cb)` has no savepoint API of its own: nested work is raw savepoint SQL.
  const side = (trx: Transaction<unknown>): HostSide => ({
    transaction: kyselyTransaction(trx),
    sql: (text, params = []) => run(trx, text, params),
    async nested(work) {
      savepoints += 1;
      const name = sql.raw(`host_${savepoints}`);
      await sql`savepoint ${name}`.execute(trx);
      try {
        const result = await work(side(trx));
        await sql`release savepoint ${name}`.execute(trx);
        return result;
      } catch (error) {
        await sql`rollback to savepoint ${name}`.execute(trx);
        throw error;
      }
    },
  });
  return {
    transaction: (work, isolation = 'read committed') =>
      db
        .transaction()
        .setIsolationLevel(isolation)
        .execute((trx) => work(side(trx))),
    outside: () => kyselyTransaction(db),
    close: () => db.destroy(),
  };
});

hostTransactionContract('kysely controlled transaction', async (url) => {
  const db = connect(url);
  let savepoints = 0;
  const side = (trx: ControlledTransaction<unknown, string[]>): HostSide => ({
    transaction: kyselyTransaction(trx),
    sql: (text, params = []) => run(trx, text, params),
    async nested(work) {
      savepoints += 1;
      const name = `host_${savepoints}`;
      const inner = await trx.savepoint(name).execute();
      try {
        const result = await work(side(inner));
        await inner.releaseSavepoint(name).execute();
        return result;
      } catch (error) {
        await inner.rollbackToSavepoint(name).execute();
        throw error;
      }
    },
  });
  return {
    async transaction(work, isolation = 'read committed') {
      const trx = await db.startTransaction().setIsolationLevel(isolation).execute();
      try {
        const result = await work(side(trx));
        await trx.commit().execute();
        return result;
      } catch (error) {
        await trx.rollback().execute();
        throw error;
      }
    },
    outside: () => kyselyTransaction(db),
    close: () => db.destroy(),
  };
});

describe('kyselyTransaction', () => {
  it('answers rows as pg parses them', async () => {
    const db = connect(testDatabaseUrl);
    try {
      await expectRowsAsPg((run) => db.transaction().execute((trx) => run(kyselyTransaction(trx))));
    } finally {
      await db.destroy();
    }
  });

  it('reads rows as PostgreSQL names them under a plugin that renames columns', async () => {
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: testDatabaseUrl, max: 1 }) }),
      plugins: [new CamelCasePlugin()],
    });
    try {
      const rows = await db.transaction().execute(async (trx) => {
        const { rows } = await hostClientOf(kyselyTransaction(trx)).query(
          'select $1::int as order_count',
          [2],
        );
        return rows;
      });
      expect(rows).toEqual([{ order_count: 2 }]);
    } finally {
      await db.destroy();
    }
  });
});
