import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import type { Sql } from './delivery-rows';

/** The outbox backlog that the health report and the outbox gauges read. */
export function deliveryHealth(db: Db, sql: Sql): Pick<DeliveryStore, 'backlog'> {
  const backlog = sql(
    `select count(*)::int as pending, count(*) filter (where due_at <= $1)::int as due,
       min(due_at) filter (where due_at <= $1) as oldest_due_at
     from {s}.delivery_queue`,
  );
  return {
    async backlog({ now }) {
      const { rows } = await db.query<{ pending: number; due: number; oldest_due_at: Date | null }>(backlog, [
        now,
      ]);
      const row = rows[0]!;
      return {
        pending: row.pending,
        due: row.due,
        ...(row.oldest_due_at ? { oldestDueAt: row.oldest_due_at } : {}),
      };
    },
  };
}
