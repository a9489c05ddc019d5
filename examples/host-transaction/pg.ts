/** node-postgres: the host begins, writes its row and records the order on one client, then commits. */
import { pgTransaction } from '@affiliate-commerce/storage-postgres';
import pg from 'pg';
import { CheckoutCancelled, runExample } from './run-example';

await runExample('pg', ({ databaseUrl, hostSchema, service, order }) => {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  return {
    async checkout(orderId, cancel) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        try {
          await client.query(`insert into "${hostSchema}".shop_orders (id) values ($1)`, [orderId]);
          await service.inTransaction(pgTransaction(client), (tx) => tx.commerce.recordOrder(order(orderId)));
          if (cancel) throw new CheckoutCancelled();
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
});
