/** Knex on pg: `knex.transaction` holds the host's insert and the order it causes. */
import { knexTransaction } from '@affiliate-commerce/storage-postgres';
import knexFactory from 'knex';
import { CheckoutCancelled, runExample } from './run-example';

await runExample('knex', ({ databaseUrl, hostSchema, service, order }) => {
  const knex = knexFactory({ client: 'pg', connection: databaseUrl });
  return {
    checkout: (orderId, cancel) =>
      knex.transaction(async (trx) => {
        await trx.withSchema(hostSchema).insert({ id: orderId }).into('shop_orders');
        await service.inTransaction(knexTransaction(trx), (tx) => tx.commerce.recordOrder(order(orderId)));
        if (cancel) throw new CheckoutCancelled();
      }),
    close: () => knex.destroy(),
  };
});
