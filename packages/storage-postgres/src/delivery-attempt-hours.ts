import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import type { Sql } from './delivery-rows';

/** The hourly attempt counts the endpoint health view reads (written by `delivery-outcome.ts`). */
export function deliveryAttemptHours(db: Db, sql: Sql): Pick<DeliveryStore, 'attemptHours'> {
  // A range of the primary key: at most one row per hour asked for, never the attempt log.
  const read = sql(
    `select hour, succeeded, failed from {s}.webhook_attempt_hours
     where affiliate_id = $1 and webhook_id = $2 and hour >= $3 and hour < $4
     order by hour`,
  );
  return {
    async attemptHours({ affiliateId, webhookId, from, to }) {
      const { rows } = await db.query<{ hour: Date; succeeded: number; failed: number }>(read, [
        affiliateId,
        webhookId,
        from,
        to,
      ]);
      return rows.map((row) => ({ hour: row.hour, succeeded: row.succeeded, failed: row.failed }));
    },
  };
}
