/** Drizzle ORM on node-postgres: `db.transaction` holds the host's insert and the order it causes. */
import { drizzleTransaction } from '@affiliate-commerce/storage-postgres';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgSchema, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { CheckoutCancelled, runExample } from './run-example';

await runExample('drizzle', ({ databaseUrl, hostSchema, service, order }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  const db = drizzle({ client: pool });
  const shopOrders = pgSchema(hostSchema).table('shop_orders', { id: text('id').primaryKey() });
  return {
    checkout: (orderId, cancel) =>
      db.transaction(async (tx) => {
        await tx.insert(shopOrders).values({ id: orderId });
        await service.inTransaction(drizzleTransaction(tx), (svc) =>
          svc.commerce.recordOrder(order(orderId)),
        );
        if (cancel) throw new CheckoutCancelled();
      }),
    close: () => pool.end(),
  };
});
