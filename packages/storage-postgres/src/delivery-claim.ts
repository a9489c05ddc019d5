import type { ClaimedDelivery, DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { type ClaimedJson, type Sql, toDelivery, toEvent } from './delivery-rows';

// Both move many rows of one webhook; two workers moving the same webhook at once would lock
// its rows in different orders and deadlock. So each locks the rows in key order and passes over
// those another statement holds (a claim, an outcome, or the other worker's move to the same
// time), which are in hand already. With a backlog time ($5), the first of them in due order goes
// to $3 to be the breaker's probe, and the others to the backlog time.
const deferSql = `with held as (
     select id, due_at from {s}.delivery_queue
     where affiliate_id = $1 and webhook_id = $2 and due_at < $3
       and (lease_expires_at is null or lease_expires_at <= $4)
     order by id for update skip locked
   ), probe as (
     select id from held order by due_at, id limit 1
   )
   update {s}.delivery_queue q
   set due_at = case when $5::timestamptz is null or q.id in (select id from probe) then $3
     else $5::timestamptz end
   from held
   where q.affiliate_id = $1 and q.webhook_id = $2 and q.id = held.id
   returning q.id`;
const resumeSql = `with held as (
     select id from {s}.delivery_queue
     where affiliate_id = $1 and webhook_id = $2
       and due_at > $4 and due_at <= $3 and ($5::timestamptz is null or due_at >= $5)
       and (lease_expires_at is null or lease_expires_at <= $4)
     order by id for update skip locked
   )
   update {s}.delivery_queue q set due_at = $4 from held
   where q.affiliate_id = $1 and q.webhook_id = $2 and q.id = held.id
   returning q.id`;

/** Leases: the worker's claim of due deliveries, giving back unsent ones, and moving an endpoint's pending ones in time. */
export function deliveryClaims(
  db: Db,
  sql: Sql,
): Pick<DeliveryStore, 'claimDue' | 'release' | 'defer' | 'resume'> {
  // One statement: pick due queue rows no other worker holds, lease them, and join their records
  // and events. The claim reads and locks only the narrow queue. A delivery of an ordered webhook
  // waits while an earlier one about the same entity is queued (leased or waiting for its retry),
  // so an entity's deliveries go one at a time, in order.
  const claim = sql(
    `with due as (
       select q.affiliate_id, q.webhook_id, q.id from {s}.delivery_queue q
       where q.due_at <= $1
         and (q.lease_expires_at is null or q.lease_expires_at <= $1)
         and q.webhook_id <> all($5::text[])
         and (q.ordering_key is null or not exists (
           select 1 from {s}.delivery_queue p
           where p.webhook_id = q.webhook_id and p.ordering_key = q.ordering_key and p.seq < q.seq))
       order by q.due_at, q.id
       limit $2
       for update skip locked
     ), claimed as (
       update {s}.delivery_queue q set lease_token = $3, lease_expires_at = $4
       from due where q.affiliate_id = due.affiliate_id and q.webhook_id = due.webhook_id and q.id = due.id
       returning q.affiliate_id, q.webhook_id, q.id, q.due_at
     )
     -- One JSON document for the whole batch: parsing it is one native JSON.parse, where a row per
     -- delivery cost more to decode in the driver than the claim costs the server.
     select coalesce(json_agg(json_build_object(
         'affiliate_id', d.affiliate_id, 'id', d.id, 'webhook_id', d.webhook_id, 'event_id', d.event_id,
         'event_type', d.event_type, 'status', d.status, 'attempts', d.attempts, 'next_attempt_at', c.due_at,
         'last_attempt_at', d.last_attempt_at, 'last_status_code', d.last_status_code,
         'ordering_key', d.ordering_key, 'created_at', d.created_at,
         'updated_at', d.updated_at, 'event_occurred_at', e.occurred_at, 'event_data', e.data,
         'event_patient', e.patient, 'event_attribution', e.attribution, 'event_traceparent', e.traceparent,
         'event_tracestate', e.tracestate
       ) order by c.due_at, c.id), '[]') as claimed
     from claimed c
     join {s}.deliveries d on d.affiliate_id = c.affiliate_id and d.id = c.id
     join {s}.events e on e.affiliate_id = d.affiliate_id and e.id = d.event_id`,
  );
  // The queue is keyed by webhook; a release names only the delivery, whose record gives it.
  const release = sql(
    `update {s}.delivery_queue q set lease_token = null, lease_expires_at = null,
       due_at = coalesce(u.next_attempt_at, q.due_at)
     from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as u(affiliate_id, id, lease_token, next_attempt_at)
     join {s}.deliveries d on d.affiliate_id = u.affiliate_id and d.id = u.id
     where q.affiliate_id = d.affiliate_id and q.webhook_id = d.webhook_id and q.id = d.id
       and q.lease_token = u.lease_token
     returning q.id`,
  );
  const defer = sql(deferSql);
  const resume = sql(resumeSql);
  return {
    async claimDue({ now, limit, leaseMs, leaseToken, skipWebhookIds = [] }) {
      const { rows } = await db.query<{ claimed: ClaimedJson[] }>(claim, [
        now,
        limit,
        leaseToken,
        new Date(now.getTime() + leaseMs),
        skipWebhookIds,
      ]);
      const date = (text: string | null) => (text === null ? null : new Date(text));
      return rows[0]!.claimed.map(
        (row): ClaimedDelivery => ({
          delivery: toDelivery({
            ...row,
            next_attempt_at: date(row.next_attempt_at),
            last_attempt_at: date(row.last_attempt_at),
            created_at: new Date(row.created_at),
            updated_at: new Date(row.updated_at),
          }),
          event: toEvent({
            affiliate_id: row.affiliate_id,
            id: row.event_id,
            event_type: row.event_type,
            occurred_at: new Date(row.event_occurred_at),
            data: row.event_data,
            patient: row.event_patient,
            attribution: row.event_attribution,
            traceparent: row.event_traceparent,
            tracestate: row.event_tracestate,
          }),
          leaseToken,
        }),
      );
    },
    async release({ items }) {
      if (items.length === 0) return 0;
      const { rows } = await db.query(release, [
        items.map((i) => i.affiliateId),
        items.map((i) => i.id),
        items.map((i) => i.leaseToken),
        items.map((i) => i.nextAttemptAt ?? null),
      ]);
      return rows.length;
    },
    async defer({ affiliateId, webhookId, until, now, backlogUntil }) {
      const { rows } = await db.query(defer, [affiliateId, webhookId, until, now, backlogUntil ?? null]);
      return rows.length;
    },
    async resume({ affiliateId, webhookId, heldUntil, now, heldFrom }) {
      const { rows } = await db.query(resume, [affiliateId, webhookId, heldUntil, now, heldFrom ?? null]);
      return rows.length;
    },
  };
}
