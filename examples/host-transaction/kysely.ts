/** Kysely on its PostgresDialect: `db.transaction().execute` holds the host's insert and the order it causes. */
import { kyselyTransaction } from '@affiliate-commerce/storage-postgres/kysely';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { CheckoutCancelled, runExample } from './run-example';

interface HostDatabase {
  shop_orders: { id: string };
}

await runExample('kysely', ({ databaseUrl, hostSchema, service, order }) => {
  const db = new Kysely<HostDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
  });
  return {
    checkout: (orderId, cancel) =>
      db.transaction().execute(async (trx) => {
        await trx.withSchema(hostSchema).insertInto('shop_orders').values({ id: orderId }).execute();
        await service.inTransaction(kyselyTransaction(trx), (tx) => tx.commerce.recordOrder(order(orderId)));
        if (cancel) throw new CheckoutCancelled();
      }),
    close: () => db.destroy(),
  };
});
