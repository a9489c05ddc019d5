import type { HostTransaction } from '@affiliate-commerce/core';
import { hostTransaction } from '../host-transaction';

/** What {@link postgresJsTransaction} calls on a postgres.js transaction: `unsafe`, answering rows, and `typed`. */
export interface PostgresJsTransactionLike {
  unsafe(query: string, parameters?: unknown[]): PromiseLike<readonly unknown[]>;
  typed(value: unknown, oid: number): unknown;
}

/** PostgreSQL's `unknown` type: the server infers the parameter's type, as for an unspecified one. */
const unknownOid = 705;

/**
 * A postgres.js transaction (`sql.begin(async (sql) => …)`) or savepoint (`sql.savepoint`), for
 * `service.inTransaction`. Statements go through `sql.unsafe(text, params)`, strings as they are;
 * without parameters postgres.js sends the simple query protocol, so a host call sends its
 * savepoint and its first statement in one round trip. The storage reads rows as PostgreSQL names
 * them: a `transform` of the client that renames columns (`postgres.camel`) breaks it.
 *
 * A postgres.js transaction is not refused once it ended: a handle kept past its `sql.begin` runs
 * on the connection the pool took back, so use it only inside the callback.
 *
 * @example
 * await sql.begin(async (sql) => {
 *   await sql`insert into shop_orders (id) values (${'ord_1'})`;
 *   await service.inTransaction(postgresJsTransaction(sql), (tx) => tx.commerce.recordOrder(order));
 * });
 */
export function postgresJsTransaction(sql: PostgresJsTransactionLike): HostTransaction {
  return hostTransaction({
    query: async (text, params) => {
      // The storage sends text as pg does: postgres.js would encode a string bound for a json or
      // jsonb parameter as JSON again, where one of type `unknown` is sent as it is.
      const values = params.map((value) =>
        typeof value === 'string' ? sql.typed(value, unknownOid) : value,
      );
      return { rows: (await sql.unsafe(text, values)) as readonly Record<string, unknown>[] };
    },
    script: async (text) => {
      await sql.unsafe(text);
    },
  });
}
