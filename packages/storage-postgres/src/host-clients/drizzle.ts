import type { HostTransaction } from '@affiliate-commerce/core';
import pg from 'pg';
import { hostTransaction } from '../host-transaction';

/**
 * What {@link drizzleTransaction} calls on a Drizzle transaction: its session's `prepareQuery`,
 * which `tx.execute` runs a query through, and `execute` with a string.
 */
export interface DrizzleTransactionLike {
  readonly _: {
    readonly session: {
      prepareQuery(
        query: { sql: string; params: unknown[] },
        fields: undefined,
        name: undefined,
        isResponseInArrayMode: boolean,
      ): { execute(): Promise<unknown> };
    };
  };
  execute(query: string): PromiseLike<unknown>;
}

/**
 * A Drizzle transaction on node-postgres (`db.transaction(async (tx) => …)`, or a nested
 * `tx.transaction`), for `service.inTransaction`. A statement is prepared on the transaction's
 * session as `tx.execute` prepares one, with its text and `$1` parameters as they are; a script
 * goes through `tx.execute(text)`, which pg sends as one simple query, so a host call sends its
 * savepoint and its first statement in one round trip. Rows are parsed as `pg` parses them (Drizzle
 * leaves dates as text for its own columns).
 *
 * Drizzle does not mark a transaction that ended: a handle kept past its `db.transaction` runs on
 * the connection the pool took back, so use it only inside the callback.
 *
 * @example
 * await db.transaction(async (tx) => {
 *   await tx.insert(shopOrders).values({ id: 'ord_1' });
 *   await service.inTransaction(drizzleTransaction(tx), (svc) => svc.commerce.recordOrder(order));
 * });
 */
export function drizzleTransaction(tx: DrizzleTransactionLike): HostTransaction {
  return hostTransaction({
    query: async (text, params) => {
      const prepared = tx._.session.prepareQuery(
        { sql: text, params: [...params] },
        undefined,
        undefined,
        false,
      );
      return parsedAsPg((await prepared.execute().catch(rethrowDriverError)) as DriverResult);
    },
    script: async (text) => {
      await Promise.resolve(tx.execute(text)).catch(rethrowDriverError);
    },
  });
}

/**
 * Drizzle wraps the error of a failed statement in its own (`DrizzleQueryError`, without a
 * SQLSTATE); the driver's, with its `code`, is the `cause`, and tells what became of the transaction.
 */
function rethrowDriverError(error: unknown): never {
  const cause = (error as { cause?: unknown } | null)?.cause;
  throw error instanceof Error && !('code' in error) && cause instanceof Error ? cause : error;
}

/** node-postgres's answer to a statement, with the type of each column. */
interface DriverResult {
  rows: Record<string, unknown>[];
  fields?: readonly { name: string; dataTypeID: number }[];
}

/**
 * Types whose text Drizzle's node-postgres session leaves unparsed, as its own columns map them:
 * timestamps, dates, intervals and their arrays, and numeric arrays.
 */
const leftAsText = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);

/** The rows as `pg` parses them, which the storage reads: a date is a `Date`, not its text. */
function parsedAsPg(result: DriverResult): DriverResult {
  for (const field of result.fields ?? []) {
    if (!leftAsText.has(field.dataTypeID)) continue;
    const parse = pg.types.getTypeParser(field.dataTypeID, 'text');
    for (const row of result.rows) {
      const value = row[field.name];
      if (typeof value === 'string') row[field.name] = parse(value);
    }
  }
  return result;
}
