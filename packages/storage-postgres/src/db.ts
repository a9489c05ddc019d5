import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';

/**
 * The little the stores need from a PostgreSQL connection, so the same SQL runs on a `pg` Pool
 * (servers) and on PGlite (embedded).
 *
 * @example
 * const { rows } = await db.query<{ id: string }>('select id from x where y = $1', [y]);
 */
export interface Db {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: R[] }>;
  /** Runs SQL of several statements with no parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Runs `fn` in a transaction; inside it, `transaction` joins the same one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** True when this handle is already inside a transaction. */
  readonly inTransaction: boolean;
  close(): Promise<void>;
}

function joined(query: Db['query'], exec: Db['exec']): Db {
  const tx: Db = { query, exec, transaction: (fn) => fn(tx), inTransaction: true, close: async () => {} };
  return tx;
}

function clientExec(client: Pool | PoolClient): Db['exec'] {
  return async (text) => {
    await client.query(text);
  };
}

function clientQuery(client: Pool | PoolClient): Db['query'] {
  return async <R>(text: string, params?: readonly unknown[]) => {
    const result = await client.query(text, params as unknown[] | undefined);
    return { rows: result.rows as R[] };
  };
}

/**
 * A {@link Db} on a `pg` Pool. `close` ends the pool only when `ownsPool` is true.
 *
 * @example
 * const db = pgPoolDb(new Pool({ connectionString: process.env.DATABASE_URL }));
 */
export function pgPoolDb(pool: Pool, options: { ownsPool?: boolean } = {}): Db {
  return {
    query: clientQuery(pool),
    exec: clientExec(pool),
    inTransaction: false,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(joined(clientQuery(client), clientExec(client)));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (options.ownsPool) await pool.end();
    },
  };
}

function pgliteQuery(client: PGlite | Transaction): Db['query'] {
  return async <R>(text: string, params?: readonly unknown[]) => {
    const result = await client.query<R>(text, params as unknown[] | undefined);
    return { rows: result.rows };
  };
}

/**
 * A {@link Db} on PGlite (PostgreSQL in WebAssembly, in process). `close` closes PGlite only when
 * `ownsDatabase` is true.
 *
 * @example
 * const db = pgliteDb(await PGlite.create('./.data/pglite'));
 */
export function pgliteDb(pglite: PGlite, options: { ownsDatabase?: boolean } = {}): Db {
  return {
    query: pgliteQuery(pglite),
    exec: async (text) => {
      await pglite.exec(text);
    },
    inTransaction: false,
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn(
          joined(pgliteQuery(tx), async (text) => {
            await tx.exec(text);
          }),
        ),
      ),
    async close() {
      if (options.ownsDatabase) await pglite.close();
    },
  };
}
