import type { HostTransaction } from '@affiliate-commerce/core';
import { CompiledQuery } from 'kysely';
import { hostTransaction } from '../host-transaction';

/**
 * What {@link kyselyTransaction} calls on a Kysely transaction: `executeQuery` of a
 * `CompiledQuery`, without the instance's plugins. Its query is typed `never` so that Kysely's
 * own signature fits without these declarations naming Kysely's types: a host without Kysely
 * type-checks this entry too.
 */
export interface KyselyTransactionLike {
  withoutPlugins(): {
    executeQuery(query: never): PromiseLike<{ readonly rows: readonly unknown[] }>;
  };
}

/**
 * A Kysely transaction on its `PostgresDialect` (`db.transaction().execute(async (trx) => …)`, or
 * a controlled one from `db.startTransaction().execute()` and its savepoints), for
 * `service.inTransaction`. Statements run as `CompiledQuery.raw(text, params)` on the
 * transaction without its plugins, so a plugin that renames columns (`CamelCasePlugin`) leaves
 * the storage's rows alone. Without parameters pg sends the simple query protocol, so a host call
 * sends its savepoint and its first statement in one round trip.
 *
 * @example
 * import { kyselyTransaction } from '@affiliate-commerce/storage-postgres/kysely';
 *
 * await db.transaction().execute(async (trx) => {
 *   await trx.insertInto('shop_orders').values({ id: 'ord_1' }).execute();
 *   await service.inTransaction(kyselyTransaction(trx), (tx) => tx.commerce.recordOrder(order));
 * });
 */
export function kyselyTransaction(trx: KyselyTransactionLike): HostTransaction {
  const executor = trx.withoutPlugins();
  const execute = async (query: CompiledQuery) => (await executor.executeQuery(query as never)).rows;
  return hostTransaction({
    query: async (text, params) => ({
      rows: (await execute(CompiledQuery.raw(text, [...params]))) as readonly Record<string, unknown>[],
    }),
    script: async (text) => {
      await execute(CompiledQuery.raw(text));
    },
  });
}
