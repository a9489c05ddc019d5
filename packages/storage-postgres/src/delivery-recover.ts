import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { type DeliveryRow, type Sql, toDelivery } from './delivery-rows';

/** Sending again: one delivery retried by hand, and a webhook's failed deliveries of an outage window re-queued. */
export function deliveryRecovery(db: Db, sql: Sql): Pick<DeliveryStore, 'requeue' | 'recover'> {
  // One statement. The record is locked first, so two retries of one delivery take turns. A final
  // delivery becomes pending and gets a queue row due now; a queued one moves to now (or stays
  // earlier) only while no worker holds its lease, and keeps its lease columns.
  const requeue = sql(
    `with target as (
       select affiliate_id, id, status, ordering_key from {s}.deliveries
       where affiliate_id = $1 and id = $2 and webhook_id = $3
       for update
     ), moved as (
       update {s}.delivery_queue q set due_at = least(q.due_at, $4)
       from target t
       where t.status = 'pending' and q.affiliate_id = t.affiliate_id and q.webhook_id = $3 and q.id = t.id
         and (q.lease_expires_at is null or q.lease_expires_at <= $4)
       returning q.id, q.due_at
     ), added as (
       insert into {s}.delivery_queue (affiliate_id, webhook_id, id, due_at, ordering_key)
       select affiliate_id, $3, id, $4, ordering_key from target where status <> 'pending'
       returning id, due_at
     ), due as (
       select * from moved union all select * from added
     )
     update {s}.deliveries d set status = 'pending', updated_at = $4, undelivered = null
     from due where d.affiliate_id = $1 and d.id = due.id
     returning d.affiliate_id, d.id, d.webhook_id, d.event_id, d.event_type, d.status, d.attempts,
       due.due_at as next_attempt_at, d.last_attempt_at, d.last_status_code, d.ordering_key, d.created_at, d.updated_at`,
  );
  // Rows another transaction holds are passed over (SKIP LOCKED) and re-checked once locked, so two
  // recovers at once re-queue each delivery once. One row past `limit` is locked to learn whether
  // more wait. A delivery's last attempt is never before its creation, so the window bounds the
  // webhook's range of deliveries_webhook by creation time.
  const recover = sql(
    `with found as (
       select affiliate_id, id, coalesce(last_attempt_at, created_at) as touched from {s}.deliveries
       where affiliate_id = $1 and webhook_id = $2 and created_at < $4 and status = 'failed'
         and coalesce(last_attempt_at, created_at) >= $3 and coalesce(last_attempt_at, created_at) < $4
       order by coalesce(last_attempt_at, created_at), id
       limit $6::int + 1
       for update skip locked
     ), picked as (
       select affiliate_id, id from found order by touched, id limit $6::int
     ), moved as (
       update {s}.deliveries d set status = 'pending', attempts = 0, updated_at = $5, undelivered = null
       from picked where d.affiliate_id = picked.affiliate_id and d.id = picked.id
       returning d.affiliate_id, d.webhook_id, d.id, d.ordering_key
     ), queued as (
       insert into {s}.delivery_queue (affiliate_id, webhook_id, id, due_at, ordering_key)
       select affiliate_id, webhook_id, id, $5, ordering_key from moved
       returning 1
     )
     select (select count(*) from queued)::int as recovered, (select count(*) from found)::int > $6::int as has_more`,
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
