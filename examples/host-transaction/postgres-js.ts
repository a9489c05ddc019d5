/** postgres.js: `sql.begin` holds the host's insert and the order it causes. */
import { postgresJsTransaction } from '@affiliate-commerce/storage-postgres';
import postgres from 'postgres';
import { CheckoutCancelled, runExample } from './run-example';

await runExample('postgres.js', ({ databaseUrl, hostSchema, service, order }) => {
  const sql = postgres(databaseUrl, { onnotice: () => undefined });
  return {
    checkout: async (orderId, cancel) => {
      await sql.begin(async (tx) => {
        await tx`insert into ${tx(hostSchema)}.shop_orders (id) values (${orderId})`;
        await service.inTransaction(postgresJsTransaction(tx), (svc) =>
          svc.commerce.recordOrder(order(orderId)),
        );
        if (cancel) throw new CheckoutCancelled();
      });
    },
    close: () => sql.end(),
  };
});
