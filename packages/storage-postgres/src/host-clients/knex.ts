import type { HostTransaction } from '@affiliate-commerce/core';
import { hostTransaction } from '../host-transaction';
import { knexStatement } from './knex-bindings';

/** What {@link knexTransaction} calls on a Knex transaction: `raw`, answering pg's result. */
export interface KnexTransactionLike {
  raw(sql: string, bindings: readonly unknown[]): PromiseLike<unknown>;
}

/**
 * A Knex transaction (`knex.transaction(async (trx) => …)`) on the `pg` client, for
 * `service.inTransaction`. Statements go through `trx.raw`, their `$1` parameters as knex's `?`
 * and the SQL's own question marks (jsonb `?`, `?|`, `?&`) escaped; a host call sends its
 * savepoint and its first statement in one round trip, as on `pg`. The storage reads rows as
 * PostgreSQL names them: a `postProcessResponse` of the Knex config that renames columns breaks it.
 *
 * @example
 * await knex.transaction(async (trx) => {
 *   await trx('shop_orders').insert({ id: 'ord_1' });
 *   await service.inTransaction(knexTransaction(trx), (tx) => tx.commerce.recordOrder(order));
 * });
 */
export function knexTransaction(trx: KnexTransactionLike): HostTransaction {
  const raw = async (text: string, params: readonly unknown[]) => {
    const { sql, bindings } = knexStatement(text, params);
    return (await trx.raw(sql, bindings)) as { rows: Record<string, unknown>[] };
  };
  return hostTransaction({
    query: raw,
    // Without values pg sends the text as one simple query, which may hold several statements.
    script: async (text) => {
      await raw(text, []);
    },
  });
}
