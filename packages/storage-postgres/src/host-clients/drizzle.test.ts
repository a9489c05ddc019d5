import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, it } from 'vitest';
import { type HostSide, hostTransactionContract } from '../host-transaction.contract.test-support';
import { testDatabaseUrl } from '../test-database.test-support';
import { drizzleTransaction } from './drizzle';
import { expectRowsAsPg } from './rows-as-pg.test-support';

type Transaction = Parameters<Parameters<NodePgDatabase['transaction']>[0]>[0];

hostTransactionContract('drizzle', async (url) => {
  const pool = new pg.Pool({ connectionString: url, max: 12 });
  const db = drizzle({ client: pool });
  const side = (tx: Transaction | PgTransaction<never, never, never>): HostSide => ({
    transaction: drizzleTransaction(tx),
    sql: async (text, params = []) => {
      const { rows } = await tx.execute(withParams(text, params));
      return rows;
    },
    nested: (work) => tx.transaction((inner) => work(side(inner))),
  });
  return {
    transaction: (work, isolation = 'read committed') =>
      db.transaction((tx) => work(side(tx)), { isolationLevel: isolation }),
    outside: () => drizzleTransaction(db),
    close: () => pool.end(),
  };
});

/** The host's own statements in the contract use `$1`; a Drizzle host writes them with `sql`. */
function withParams(text: string, params: readonly unknown[]) {
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`)));
}

describe('drizzleTransaction', () => {
  it('answers rows as pg parses them, where Drizzle leaves dates as text', async () => {
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
    try {
      const db = drizzle({ client: pool });
      await expectRowsAsPg((run) => db.transaction((tx) => run(drizzleTransaction(tx))));
    } finally {
      await pool.end();
    }
  });
});
