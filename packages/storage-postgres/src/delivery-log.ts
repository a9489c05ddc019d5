import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { deliveryListStatement } from './delivery-list';
import {
  type AttemptRow,
  type DeliveryRow,
  deliveryColumns,
  type Sql,
  toAttempt,
  toDelivery,
} from './delivery-rows';

/** The message log: every delivery of an affiliate, one delivery, and its attempts. */
export function deliveryLog(
  db: Db,
  sql: Sql,
  schema: string,
): Pick<DeliveryStore, 'listDeliveries' | 'findDelivery' | 'listDeliveryAttempts'> {
  const find = sql(`select ${deliveryColumns} from {s}.deliveries d where d.affiliate_id = $1 and d.id = $2`);
  // The delivery_attempts_delivery index of migration 012: a delivery's attempts are few.
  const attempts = sql(
    `select * from {s}.delivery_attempts where affiliate_id = $1 and delivery_id = $2
     order by attempted_at desc, attempt desc, id collate "C" desc limit $3`,
  );
  return {
    async listDeliveries(query) {
      const { text, params, upwards } = deliveryListStatement(schema, query);
      const { rows } = await db.query<DeliveryRow>(text, params);
      const page = rows.slice(0, query.limit).map(toDelivery);
      return { deliveries: upwards ? page.reverse() : page, hasMore: rows.length > query.limit };
    },
    async findDelivery({ affiliateId, id }) {
      const { rows } = await db.query<DeliveryRow>(find, [affiliateId, id]);
      return rows[0] && toDelivery(rows[0]);
    },
    async listDeliveryAttempts({ affiliateId, deliveryId, limit }) {
      const { rows } = await db.query<AttemptRow>(attempts, [affiliateId, deliveryId, limit]);
      return rows.map(toAttempt).reverse();
    },
  };
}
