import {
  AffiliateCommerceError,
  type HostTransaction,
  isAffiliateCommerceError,
} from '@affiliate-commerce/core';
import type { Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { type Db, lockNumber, statementName } from './db';
import { isConnectionFailure, storageFailure } from './outage';

/**
 * What the storage needs of a host's database client inside a transaction the host opened: one
 * statement with `$1`-style parameters, and, where the client can, several statements without
 * parameters in one round trip. Each adapter (`pgTransaction`, `drizzleTransaction`, …) is one of
 * these over a client; {@link hostTransaction} takes one written for any other client.
 */
export interface HostClient {
  /** Runs one statement in the host's transaction and answers its rows. */
  query(text: string, params: readonly unknown[]): Promise<{ rows: readonly Record<string, unknown>[] }>;
  /**
   * Runs statements without parameters, separated by `;`, in one round trip (PostgreSQL's simple
   * query protocol). Optional: without it each statement is sent on its own, one round trip more
   * per host call that locks a record.
   */
  script?(text: string): Promise<void>;
}

/** Where a {@link HostTransaction} of this package keeps its client; shared by copies of the package. */
const clientKey = Symbol.for('@affiliate-commerce/storage-postgres.HostClient');

interface PostgresHostTransaction extends HostTransaction {
  readonly storageKind: 'postgres';
  readonly [clientKey]: HostClient;
}

/**
 * A transaction the host opened, on any client that runs `$1`-style statements in it, for
 * `service.inTransaction`. The adapters of this package cover `pg`, PGlite, Drizzle, Kysely, Knex
 * and postgres.js; this is for another client (Prisma's `tx.$queryRawUnsafe(text, ...params)`, say).
 *
 * @example
 * await service.inTransaction(
 *   hostTransaction({ query: async (text, params) => ({ rows: await myClient.run(text, params) }) }),
 *   (tx) => tx.commerce.emit({ affiliateId: 'aff_1', eventType: 'payment_succeeded', data: { payment_id: 'pay_1' } }),
 * );
 */
export function hostTransaction(client: HostClient): HostTransaction {
  const transaction: PostgresHostTransaction = { storageKind: 'postgres', [clientKey]: client };
  return Object.freeze(transaction);
}

/** Options of {@link pgTransaction}. */
export interface PgTransactionOptions {
  /**
   * Prepare each of the storage's statements once on the host's connection and run it by name
   * from then on, as the storage's own pool does (`PgPoolDbOptions.preparedStatements`), so the
   * server does not plan it again on every call. Default false: the connection is the host's,
   * and behind a pooler that does not keep prepared statements (PgBouncer in transaction mode
   * before 1.21) a named statement fails the host's transaction.
   */
  readonly preparedStatements?: boolean;
}

/**
 * A `pg` client (a `PoolClient` from `pool.connect()`, or a `Client`) after the host's `BEGIN`.
 *
 * @example
 * const client = await pool.connect();
 * await client.query('begin');
 * await service.inTransaction(pgTransaction(client), (tx) => tx.commerce.recordOrder(order));
 * await client.query('commit');
 */
export function pgTransaction(client: pg.ClientBase, options: PgTransactionOptions = {}): HostTransaction {
  const named = options.preparedStatements ?? false;
  return hostTransaction({
    query: async (text, params) =>
      named && params.length > 0
        ? client.query({ name: statementName(text), text, values: params as unknown[] })
        : client.query(text, params as unknown[]),
    script: async (text) => {
      await client.query(text);
    },
  });
}

/**
 * A PGlite transaction (`pglite.transaction(async (tx) => …)`) on the PGlite the storage was built
 * on (`createPostgresStorage({ db: pgliteDb(pglite) })`).
 *
 * @example
 * await pglite.transaction((tx) => service.inTransaction(pgliteTransaction(tx), (svc) => svc.commerce.recordOrder(order)));
 */
export function pgliteTransaction(tx: PgliteTransaction): HostTransaction {
  return hostTransaction({
    query: async (text, params) => tx.query<Record<string, unknown>>(text, params as unknown[]),
    script: async (text) => {
      await tx.exec(text);
    },
  });
}

/** The client a transaction of this package holds, or the typed error for anything else. */
export function hostClientOf(transaction: HostTransaction): HostClient {
  const client = (transaction as Partial<PostgresHostTransaction>)[clientKey];
  if (transaction.storageKind === 'postgres' && client) return client;
  throw new AffiliateCommerceError({
    code: 'TRANSACTION_UNSUPPORTED',
    message: `This transaction was made for another storage (${String(transaction.storageKind)}); make it with an adapter of @affiliate-commerce/storage-postgres, such as pgTransaction.`,
  });
}

/** SQLSTATEs of a database without this storage's tables, or with an older schema. */
const missingSchemaCodes = new Set(['42P01', '3F000', '42703', '42883']);

/**
 * What a failed statement in the host's transaction means to the host, as a typed error: the
 * transaction had ended or had failed already, lost to a concurrent one, or is on a database
 * without this storage's schema. An outage is `StorageUnavailableError`; anything else is as
 * the client threw it.
 */
function hostFailure(error: unknown, opening: boolean): unknown {
  if (isAffiliateCommerceError(error)) return error;
  if (isConnectionFailure(error)) return storageFailure(error);
  const code = sqlState(error);
  const fail = (kind: Parameters<typeof transactionError>[0]) => transactionError(kind, error);
  if (code === '25P02') return fail('TRANSACTION_ABORTED');
  // A savepoint fails only outside a transaction (25P01), or where the client refuses to run
  // statements at all because its transaction has ended (an ORM's own error).
  if (opening || code === '25P01') return fail('TRANSACTION_NOT_OPEN');
  if (code === '40001' || code === '40P01') return fail('TRANSACTION_CONFLICT');
  if (typeof code === 'string' && missingSchemaCodes.has(code)) return fail('TRANSACTION_SCHEMA_MISSING');
  return error;
}

/** The SQLSTATE of a failed statement, also where a client wraps the driver's error in its own (as its `cause`). */
function sqlState(error: unknown): unknown {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  return cause === undefined || cause === error ? code : sqlState(cause);
}

const messages = {
  TRANSACTION_NOT_OPEN:
    'The client is not in an open transaction (never begun, or already committed or rolled back); begin one, then call inTransaction inside it.',
  TRANSACTION_ABORTED:
    'The transaction failed on an earlier statement and accepts no more; roll it back, then run it again.',
  TRANSACTION_CONFLICT:
    'The transaction lost to a concurrent one (a serialization failure or a deadlock); roll it back and run it again from its start.',
  TRANSACTION_SCHEMA_MISSING:
    "The transaction's database has no schema of this storage at its migration level: a client of another database, or migrations not applied there.",
} as const;

function transactionError(code: keyof typeof messages, cause: unknown): AffiliateCommerceError {
  return new AffiliateCommerceError({ code, message: messages[code], cause });
}

/**
 * A {@link Db} on the host's open transaction. Its outermost `transaction` is one host call: a
 * savepoint, released when the call succeeds and rolled back to when it fails, so a failed call
 * undoes its own part and leaves the host's transaction usable. The savepoint is sent with the
 * call's first statement (with its record lock in one round trip where the client runs
 * scripts), so a call costs no more round trips than it does in a transaction of its own. Inner
 * `transaction`s join the call, taking their lock; `serializable` keeps the host's isolation.
 * Nothing here commits, rolls back the host's transaction or runs a statement again.
 */
export function hostDb(client: HostClient): Db {
  let depth = 0;
  let made = 0;
  /** The savepoint of the call in progress, until a statement carries it to the server. */
  let pending: string | undefined;

  const run = async (text: string, params: readonly unknown[] = []) => {
    try {
      return await client.query(text, params);
    } catch (error) {
      throw hostFailure(error, false);
    }
  };
  const script = async (statements: readonly string[], opening: boolean) => {
    try {
      if (client.script) await client.script(statements.join('; '));
      else for (const statement of statements) await client.query(statement, []);
    } catch (error) {
      throw hostFailure(error, opening);
    }
  };
  /** Sends the call's savepoint, with `first` in the same round trip when given. */
  const open = async (first?: string) => {
    const savepoint = pending;
    pending = undefined;
    if (savepoint === undefined) {
      if (first !== undefined) await script([first], false);
      return;
    }
    if (first !== undefined && client.script) return script([savepoint, first], true);
    await script([savepoint], true);
    if (first !== undefined) await script([first], false);
  };

  const db: Db = {
    async query<R>(text: string, params?: readonly unknown[]) {
      if (pending !== undefined) await open();
      return (await run(text, params)) as { rows: R[] };
    },
    async exec(text) {
      await open(text);
    },
    inTransaction: true,
    async transaction(fn, options) {
      const lock =
        options?.lock === undefined ? undefined : `select pg_advisory_xact_lock(${lockNumber(options.lock)})`;
      if (depth > 0) {
        if (lock !== undefined) await open(lock);
        return fn(db);
      }
      made += 1;
      const name = `affiliate_commerce_call_${made}`;
      pending = `savepoint ${name}`;
      depth += 1;
      try {
        if (lock !== undefined) await open(lock);
        const result = await fn(db);
        // A call that sent nothing made no savepoint to release.
        if (pending === undefined) await script([`release savepoint ${name}`], false);
        return result;
      } catch (error) {
        const failure = hostFailure(error, false);
        const opened = pending === undefined;
        const code = isAffiliateCommerceError(failure) ? failure.code : undefined;
        if (opened && code !== 'TRANSACTION_NOT_OPEN' && code !== 'STORAGE_UNAVAILABLE') {
          // Undoes the call's part; the host's transaction goes on as it was before the call.
          await script([`rollback to savepoint ${name}`, `release savepoint ${name}`], false).catch(
            () => undefined,
          );
        }
        throw failure;
      } finally {
        pending = undefined;
        depth -= 1;
      }
    },
    close: async () => {},
  };
  return db;
}
