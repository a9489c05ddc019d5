import pg from 'pg';
import { type PgTransactionOptions, pgTransaction } from './host-transaction';
import {
  type HostClientUnderTest,
  type HostSide,
  hostTransactionContract,
} from './host-transaction.contract.test-support';

const onPg =
  (options: PgTransactionOptions) =>
  async (url: string): Promise<HostClientUnderTest> => {
    const pool = new pg.Pool({ connectionString: url, max: 12 });
    let savepoints = 0;
    const side = (client: pg.PoolClient): HostSide => ({
      transaction: pgTransaction(client, options),
      sql: async (text, params = []) => (await client.query(text, params as unknown[])).rows,
      async nested(work) {
        savepoints += 1;
        const name = `host_${savepoints}`;
        await client.query(`savepoint ${name}`);
        try {
          const result = await work(side(client));
          await client.query(`release savepoint ${name}`);
          return result;
        } catch (error) {
          await client.query(`rollback to savepoint ${name}`);
          throw error;
        }
      },
    });
    return {
      async transaction(work, isolation = 'read committed') {
        const client = await pool.connect();
        try {
          await client.query(`begin isolation level ${isolation}`);
          try {
            const result = await work(side(client));
            await client.query('commit');
            return result;
          } catch (error) {
            await client.query('rollback');
            throw error;
          }
        } finally {
          client.release();
        }
      },
      async outside() {
        const client = await pool.connect();
        client.release();
        return pgTransaction(client, options);
      },
      close: () => pool.end(),
    };
  };

hostTransactionContract('pg', onPg({}));
hostTransactionContract('pg with prepared statements', onPg({ preparedStatements: true }));
