import postgres from 'postgres';
import { describe, it } from 'vitest';
import { type HostSide, hostTransactionContract } from '../host-transaction.contract.test-support';
import { testDatabaseUrl } from '../test-database.test-support';
import { postgresJsTransaction } from './postgres-js';
import { expectRowsAsPg } from './rows-as-pg.test-support';

hostTransactionContract('postgres.js', async (url) => {
  const sql = postgres(url, { max: 12, onnotice: () => undefined });
  const side = (tx: postgres.TransactionSql): HostSide => ({
    transaction: postgresJsTransaction(tx),
    sql: async (text, params = []) => tx.unsafe(text, params as postgres.ParameterOrJSON<never>[]),
    nested: (work) => tx.savepoint((inner) => work(side(inner))) as never,
  });
  return {
    transaction: (work, isolation = 'read committed') =>
      sql.begin(`isolation level ${isolation}`, (tx) => work(side(tx))) as never,
    outside: () => postgresJsTransaction(sql),
    close: () => sql.end(),
  };
});

describe('postgresJsTransaction', () => {
  it('answers rows as pg parses them', async () => {
    const sql = postgres(testDatabaseUrl, { max: 1 });
    try {
      await expectRowsAsPg((run) => sql.begin((tx) => run(postgresJsTransaction(tx))));
    } finally {
      await sql.end();
    }
  });
});
