import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { type DeliveryRow, type Sql, toDelivery } from './delivery-rows';

/** Sending again: one delivery retried by hand, and a webhook's failed deliveries of an outage window re-queued. */
export function deliveryRecovery(db: Db, sql: Sql): Pick<DeliveryStore, 'requeue' | 'recover'> {
  // One statement: a final delivery becomes pending with no lease; a pending one moves only while
  // no worker holds it, and keeps its lease columns (a claim that commits first holds the row, and
  // the update then reads the claimed row and passes it over).
  const requeue = sql(
    `update {s}.deliveries set status = 'pending',
       next_attempt_at = case when status = 'pending' then least(next_attempt_at, $4) else $4 end,
       lease_token = case when status = 'pending' then lease_token end,
       lease_expires_at = case when status = 'pending' then lease_expires_at end,
       updated_at = $4
     where affiliate_id = $1 and id = $2 and webhook_id = $3
       and (status <> 'pending' or lease_expires_at is null or lease_expires_at <= $4)
     returning *`,
  );
  // Rows another transaction holds are passed over (SKIP LOCKED) and re-checked once locked, so two
  // recovers at once re-queue each delivery once. One row past `limit` is locked to learn whether more wait.
  const recover = sql(
    `with found as (
       select affiliate_id, id, coalesce(last_attempt_at, created_at) as touched from {s}.deliveries
       where affiliate_id = $1 and webhook_id = $2 and status = 'failed'
         and coalesce(last_attempt_at, created_at) >= $3 and coalesce(last_attempt_at, created_at) < $4
       order by coalesce(last_attempt_at, created_at), id
       limit $6::int + 1
       for update skip locked
     ), picked as (
       select affiliate_id, id from found order by touched, id limit $6::int
     ), moved as (
       update {s}.deliveries d set status = 'pending', attempts = 0, next_attempt_at = $5, lease_token = null,
         lease_expires_at = null, updated_at = $5
       from picked where d.affiliate_id = picked.affiliate_id and d.id = picked.id
       returning d.id
     )
     select (select count(*) from moved)::int as recovered, (select count(*) from found)::int > $6::int as has_more`,
  );
  return {
    async requeue({ affiliateId, webhookId, id, now }) {
      const { rows } = await db.query<DeliveryRow>(requeue, [affiliateId, id, webhookId, now]);
      return rows[0] && toDelivery(rows[0]);
    },
    async recover({ affiliateId, webhookId, since, until, now, limit }) {
      const { rows } = await db.query<{ recovered: number; has_more: boolean }>(recover, [
        affiliateId,
        webhookId,
        since,
        until,
        now,
        limit,
      ]);
      return { recovered: rows[0]!.recovered, hasMore: rows[0]!.has_more };
    },
  };
}
