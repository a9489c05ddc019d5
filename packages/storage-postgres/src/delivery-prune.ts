import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import type { Sql } from './delivery-rows';

/** Retention: finished deliveries, their attempts and their events, then old hour counts, deleted in small batches. */
export function deliveryPruning(db: Db, sql: Sql): Pick<DeliveryStore, 'prune'> {
  // Retention works in small batches, each its own statement: it locks only the rows it deletes and
  // passes over rows a retry or a recover holds. A delivery last changed before a time was created
  // before it, so deliveries_created bounds the scan; it passes only over the old deliveries still
  // pending or changed since.
  const pruneDeliveries = sql(
    `with doomed as (
       select affiliate_id, id, event_id from {s}.deliveries
       where created_at < greatest($1::timestamptz, $2::timestamptz)
         and ((status in ('succeeded', 'cancelled') and updated_at < $1) or (status = 'failed' and updated_at < $2))
       order by created_at
       limit $3
       for update skip locked
     ), attempts as (
       delete from {s}.delivery_attempts a using doomed
       where a.affiliate_id = doomed.affiliate_id and a.delivery_id = doomed.id
       returning 1
     ), gone as (
       delete from {s}.deliveries d using doomed
       where d.affiliate_id = doomed.affiliate_id and d.id = doomed.id
       returning d.affiliate_id, d.event_id
     )
     select (select count(*) from gone)::int as deliveries, (select count(*) from attempts)::int as attempts,
       coalesce((select json_agg(distinct jsonb_build_array(affiliate_id, event_id)) from gone), '[]') as events`,
  );
  // The events of the deliveries just deleted, once no delivery refers to them: found by key, so
  // the cost follows the batch, not the size of the events table.
  const pruneTheirEvents = sql(
    `with doomed as (
       select e.affiliate_id, e.id from {s}.events e
       join json_array_elements($1::json) as k on e.affiliate_id = k->>0 and e.id = k->>1
       where e.occurred_at < $2
         and not exists (select 1 from {s}.deliveries d where d.affiliate_id = e.affiliate_id and d.event_id = e.id)
       for update of e skip locked
     )
     delete from {s}.events e using doomed where e.affiliate_id = doomed.affiliate_id and e.id = doomed.id
     returning 1`,
  );
  // Old events that never had a delivery (internal events, or none subscribed), swept once the
  // deliveries are done.
  const pruneLoneEvents = sql(
    `with doomed as (
       select affiliate_id, id from {s}.events e
       where occurred_at < $1
         and not exists (select 1 from {s}.deliveries d where d.affiliate_id = e.affiliate_id and d.event_id = e.id)
       limit $2
       for update skip locked
     )
     delete from {s}.events e using doomed where e.affiliate_id = doomed.affiliate_id and e.id = doomed.id
     returning 1`,
  );
  // Hour counts older than the longest-kept attempt, by the hour index, in batches of `limit`.
  const pruneHours = sql(
    `with doomed as (
       select affiliate_id, webhook_id, hour from {s}.webhook_attempt_hours
       where hour < $1
       limit $2
       for update skip locked
     )
     delete from {s}.webhook_attempt_hours h using doomed
     where h.affiliate_id = doomed.affiliate_id and h.webhook_id = doomed.webhook_id and h.hour = doomed.hour
     returning 1`,
  );
  return {
    async prune({ succeededBefore, failedBefore, limit }) {
      const { rows } = await db.query<{ deliveries: number; attempts: number; events: [string, string][] }>(
        pruneDeliveries,
        [succeededBefore, failedBefore, limit],
      );
      const { deliveries, attempts, events: keys } = rows[0]!;
      let events = 0;
      if (keys.length > 0)
        events += (await db.query(pruneTheirEvents, [JSON.stringify(keys), succeededBefore])).rows.length;
      // Lone events and old hour counts only once the deliveries of this age are done, so the sweeps run rarely.
      if (deliveries < limit) {
        events += (await db.query(pruneLoneEvents, [succeededBefore, limit])).rows.length;
        const hoursBefore = succeededBefore < failedBefore ? succeededBefore : failedBefore;
        for (;;) if ((await db.query(pruneHours, [hoursBefore, limit])).rows.length < limit) break;
      }
      return { deliveries, attempts, events };
    },
  };
}
