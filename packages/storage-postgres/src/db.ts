import { createHash } from 'node:crypto';
import { consoleLogger, type Logger } from '@affiliate-commerce/core';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import { isConnectionFailure, storageFailure } from './outage';

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
  /**
   * Runs `fn` in a transaction; inside it, `transaction` joins the same one. With `serializable`,
   * a transaction that loses to a concurrent one runs `fn` again; with `lock`, it holds a lock
   * on that key until it ends (see `TransactionOptions` in core).
   */
  transaction<T>(
    fn: (tx: Db) => Promise<T>,
    options?: { readonly serializable?: boolean; readonly lock?: string },
  ): Promise<T>;
  /** True when this handle is already inside a transaction. */
  readonly inTransaction: boolean;
  close(): Promise<void>;
}

function joined(query: Db['query'], exec: Db['exec']): Db {
  const tx: Db = {
    query,
    exec,
    // Joining keeps the outer transaction's isolation; a lock asked for here is taken now.
    async transaction(fn, options) {
      if (options?.lock !== undefined)
        await query(`select pg_advisory_xact_lock(${lockNumber(options.lock)})`);
      return fn(tx);
    },
    inTransaction: true,
    close: async () => {},
  };
  return tx;
}

/** Runs of a serializable transaction before its conflict is reported; each run lets one racer through. */
const maxSerializableAttempts = 60;

/** A serialization failure or a deadlock: the transaction lost to a concurrent one and may simply run again. */
function lostToAnother(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/** A transaction lock's key as the 64-bit number PostgreSQL's advisory locks take. */
export function lockNumber(key: string): string {
  return createHash('sha256').update(key).digest().readBigInt64BE(0).toString();
}

function clientExec(client: Pool | PoolClient): Db['exec'] {
  return async (text) => {
    try {
      await client.query(text);
    } catch (error) {
      throw storageFailure(error);
    }
  };
}

/**
 * SQLSTATEs of a named statement the connection cannot use: a table it reads changed shape under it
 * (0A000, "cached plan must not change result type", after a migration added a column), or a
 * pooler that moves statements between server connections (26000 "does not exist", 42P05 "already
 * exists": PgBouncer in transaction mode before 1.21, or without `max_prepared_statements`). Each
 * fails before the statement runs, so running it again unnamed is safe.
 */
const stalePlan = '0A000';
const poolerCodes = new Set(['26000', '42P05']);

/** True when `error` is a named statement the connection could not use (see {@link stalePlan}). */
function unusableStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && poolerCodes.has(code)) return true;
  // 0A000 is every unsupported feature; only this one is a plan gone stale.
  return code === stalePlan && typeof message === 'string' && message.includes('cached plan must not change');
}

/** Failures of named statements inside a transaction, which the transaction runs again for. */
const runAgain = new WeakSet<object>();

/** Distinct statements named at most: beyond these, statements run unnamed, so the server's memory per connection stays bounded. */
const maxNamedStatements = 256;

/**
 * The names of statements prepared once per connection: a statement's name is a hash of its
 * text. Only statements with parameters are named (their texts are fixed; those without are
 * migrations, BEGIN and locks). A statement whose plan went stale runs unnamed from then on; a
 * pooler that loses statements turns naming off for the whole pool, said once in the log.
 */
interface StatementNames {
  nameOf(text: string, params: readonly unknown[] | undefined): string | undefined;
  /** Records that the named statement `text` failed with `error`. */
  failed(text: string, error: unknown): void;
}

function statementNames(enabled: boolean, noteOff: () => void): StatementNames {
  let on = enabled;
  const names = new Map<string, string | undefined>();
  return {
    nameOf(text, params) {
      if (!on || params === undefined || params.length === 0) return undefined;
      if (names.has(text)) return names.get(text);
      const name = names.size < maxNamedStatements ? statementName(text) : undefined;
      names.set(text, name);
      return name;
    },
    failed(text, error) {
      if ((error as { code?: unknown }).code === stalePlan) names.set(text, undefined);
      else if (on) {
        on = false;
        noteOff();
      }
    },
  };
}

/** The name a statement is prepared under on a connection: a hash of its text. */
export const statementName = (text: string): string => `ac_${createHash('sha1').update(text).digest('hex')}`;

/** Statements run unnamed: PGlite, and a pool with prepared statements off. */
const unnamed: StatementNames = { nameOf: () => undefined, failed: () => {} };

/** Runs of a statement of its own that lost a deadlock before the failure is reported. */
const maxDeadlockAttempts = 5;

/** Waits a random moment of up to `ms`, so work that collided does not collide again. */
const pauseUpTo = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * ms));

/**
 * `query` on a pool or on a connection checked out for a transaction (`inTransaction`), naming
 * statements as `names` says. A statement of its own (not in a transaction) that PostgreSQL
 * ended to break a deadlock wrote nothing, so it runs again, a few times, a moment apart: the
 * outbox's statements lock queue rows and records, and two of them that meet on the same
 * delivery in opposite orders (a manual retry and a late outcome, say) must not fail the caller.
 */
function clientQuery(client: Pool | PoolClient, names = unnamed, inTransaction = false): Db['query'] {
  const once = statementOnce(client, names, inTransaction);
  if (inTransaction) return once;
  return async <R>(text: string, params?: readonly unknown[]) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await once<R>(text, params);
      } catch (error) {
        if (!lostToAnother(error) || attempt >= maxDeadlockAttempts) throw error;
      }
      await pauseUpTo(10 * attempt);
    }
  };
}

/** One run of a statement, named as `names` says, run again unnamed when the name was lost. */
function statementOnce(
  client: Pool | PoolClient,
  names: StatementNames,
  inTransaction: boolean,
): Db['query'] {
  return async <R>(text: string, params?: readonly unknown[]) => {
    const name = names.nameOf(text, params);
    try {
      const values = params as unknown[] | undefined;
      const result = await (name === undefined
        ? client.query(text, values)
        : client.query({ name, text, values }));
      return { rows: result.rows as R[] };
    } catch (error) {
      if (name === undefined || !unusableStatement(error)) throw storageFailure(error);
      names.failed(text, error);
      // In a transaction the failure has ended it; the transaction runs again (see pgPoolDb).
      if (inTransaction) {
        if (typeof error === 'object' && error !== null) runAgain.add(error);
        throw error;
      }
      return clientQuery(client)<R>(text, params);
    }
  };
}

/** Options of {@link pgPoolDb}. */
export interface PgPoolDbOptions {
  /** End the pool on `close`. Default false: the pool is the caller's. */
  readonly ownsPool?: boolean;
  /** Where lost connections are reported, at most once every 10 s. Default: JSON lines on the console. */
  readonly logger?: Logger;
  /**
   * Prepare each statement once per connection and run it by name from then on, so the server
   * does not parse and plan it again on every call. Default true.
   *
   * Turn it off behind a pooler that does not keep prepared statements with their connection:
   * PgBouncer in transaction or statement mode before 1.21, or 1.21 and later with
   * `max_prepared_statements = 0`. Left on there, the first statement the pooler loses turns
   * naming off for the pool (one `storage.prepared_statements_off` warning) and runs again
   * unnamed; a transaction it ended runs again from its start.
   */
  readonly preparedStatements?: boolean;
}

let sharedConsole: Logger | undefined;
/** The logger of storage notes when the host gave none: JSON lines on the console, made on first use. */
export const defaultLogger = (): Logger => {
  sharedConsole ??= consoleLogger();
  return sharedConsole;
};

/** At most one line about lost connections this often: a restart ends every connection at once. */
const lostConnectionNoteEveryMs = 10_000;

/**
 * A {@link Db} on a `pg` Pool. `close` ends the pool only when `ownsPool` is true.
 *
 * A database that goes away never ends the process: the pool's `'error'` events (an idle
 * connection ended by a restart, a fail-over or a stop) and those of a connection checked out for
 * a transaction are handled here, and a broken connection is dropped rather than reused. Calls
 * made while the database cannot be reached reject with `StorageUnavailableError` (from
 * `@affiliate-commerce/core`); the pool connects again when it can.
 *
 * @example
 * const db = pgPoolDb(new Pool({ connectionString: process.env.DATABASE_URL }));
 */
export function pgPoolDb(pool: Pool, options: PgPoolDbOptions = {}): Db {
  let notedAt = Number.NEGATIVE_INFINITY;
  let lost = 0;
  const noteLost = (error: unknown) => {
    lost += 1;
    const now = Date.now();
    if (now - notedAt < lostConnectionNoteEveryMs) return;
    (options.logger ?? defaultLogger()).warn('PostgreSQL connection lost; reconnecting when needed', {
      event: 'storage.connection_lost',
      connections: lost,
      cause: error,
    });
    notedAt = now;
    lost = 0;
  };
  // Without a listener, an idle connection's error would be thrown as an uncaught 'error' event.
  pool.on('error', noteLost);
  const names = statementNames(options.preparedStatements ?? true, () =>
    (options.logger ?? defaultLogger()).warn(
      'PostgreSQL lost a prepared statement (a pooler in transaction mode?); running statements unnamed from now on',
      { event: 'storage.prepared_statements_off' },
    ),
  );
  return {
    query: clientQuery(pool, names),
    exec: clientExec(pool),
    inTransaction: false,
    async transaction(fn, { serializable = false, lock } = {}) {
      const begin = serializable ? 'begin isolation level serializable' : 'begin';
      // The lock is taken in the same round trip as BEGIN: one simple query of two statements.
      const opening =
        lock === undefined ? begin : `${begin}; select pg_advisory_xact_lock(${lockNumber(lock)})`;
      for (let attempt = 1; ; attempt += 1) {
        let client: PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          throw storageFailure(error);
        }
        // A checked-out connection has no pool listener: its error (the server ended it mid
        // transaction) is handled here, and the query in flight rejects with it.
        let broken: unknown;
        const onError = (error: unknown) => {
          broken = error;
          noteLost(error);
        };
        client.on('error', onError);
        try {
          await client.query(opening);
          const result = await fn(joined(clientQuery(client, names, true), clientExec(client)));
          await client.query('commit');
          return result;
        } catch (error) {
          if (isConnectionFailure(error)) broken ??= error;
          // On a connection that is gone, the server has already rolled the transaction back.
          if (broken === undefined) await client.query('rollback').catch(() => undefined);
          // A statement the connection could not use ran nothing: the transaction runs again.
          const again =
            (serializable && lostToAnother(error)) ||
            (typeof error === 'object' && error !== null && runAgain.has(error));
          if (!again || attempt >= maxSerializableAttempts) throw storageFailure(error);
        } finally {
          client.off('error', onError);
          // Released with its error, a broken connection is closed instead of going back to the pool.
          client.release(broken === undefined ? undefined : broken instanceof Error ? broken : true);
        }
        await pauseUpTo(Math.min(100, 2 ** attempt));
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
