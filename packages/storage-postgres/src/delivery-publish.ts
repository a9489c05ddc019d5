import type { Delivery, DeliveryStore, PublishedEvent } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { eventColumns, eventTracestate, type Sql, undeliveredFor } from './delivery-rows';

// When a webhook's circuit breaker next lets a delivery through, while it holds them back (open, or
// half-open with its probe in flight); null when closed. A delivery queued meanwhile is due then,
// as the breaker's opening made the endpoint's waiting ones, so no claim reads it before.
const heldUntil = (breaker: string) =>
  `case when ${breaker}->>'state' <> 'closed' then (${breaker}->>'retryAt')::timestamptz end`;

// The event and, when it is new, one delivery per enabled webhook subscribed to its type whose
// filter (if any) its payload matches: one round trip, with the webhooks read by the statement
// itself. The event keeps the webhooks whose filter held it back; an ordered webhook's delivery
// carries the event's entity.
const publishSql = `with target as (
     select w.id, w.created_at, w.ordering, ${heldUntil('w.breaker')} as held_until,
       w.filter_path is null or jsonb_path_match($11::jsonb, w.filter_path, '{}', true) is true as matched
     from {s}.webhooks w
     where $9::boolean and w.affiliate_id = $1 and w.status = 'enabled' and $3 = any(w.interests)
   ), event as (
     insert into {s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent,
       filtered_out, tracestate)
     values ($1, $2, $3, $4, $5, $6, $7, $8,
       (select array_agg(t.id order by t.created_at, t.id) from target t where not t.matched), $13)
     on conflict do nothing
     returning affiliate_id, id, event_type, occurred_at
   ), due as (
     select e.affiliate_id, $10 || '_' || row_number() over (order by t.created_at, t.id) as id,
       t.id as webhook_id, e.id as event_id, e.event_type, e.occurred_at,
       greatest(e.occurred_at, t.held_until) as due_at,
       case when t.ordering = 'entity' then $12::text end as ordering_key
     from event e cross join target t
     where t.matched
   ), queued as (
     insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
       ordering_key, created_at, updated_at)
     select affiliate_id, id, webhook_id, event_id, event_type, 'pending', 0, ordering_key, occurred_at, occurred_at
     from due
     returning 1
   ), waiting as (
     insert into {s}.delivery_queue (affiliate_id, webhook_id, id, due_at, ordering_key)
     select affiliate_id, webhook_id, id, due_at, ordering_key from due
   )
   select (select count(*) from event)::int as inserted, (select count(*) from queued)::int as queued`;

// The same for several events at once (an order's created and paid events), one row of the
// answer per event, in the order given; deliveries are inserted in that order, so an ordered
// webhook sends them in it.
const publishManySql = `with input as (
     select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::jsonb[], $6::jsonb[],
       $7::jsonb[], $8::text[], $9::boolean[], $10::text[], $11::jsonb[], $12::text[], $13::text[])
       with ordinality as i(affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent,
         deliver, id_prefix, payload, entity_key, tracestate, ord)
   ), target as (
     select i.ord, w.id, w.created_at, w.ordering, ${heldUntil('w.breaker')} as held_until,
       w.filter_path is null or jsonb_path_match(i.payload, w.filter_path, '{}', true) is true as matched
     from input i join {s}.webhooks w on w.affiliate_id = i.affiliate_id
     where i.deliver and w.status = 'enabled' and i.event_type = any(w.interests)
   ), event as (
     insert into {s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent,
       filtered_out, tracestate)
     select i.affiliate_id, i.id, i.event_type, i.occurred_at, i.data, i.patient, i.attribution, i.traceparent,
       (select array_agg(t.id order by t.created_at, t.id) from target t where t.ord = i.ord and not t.matched),
       i.tracestate
     from input i order by i.ord
     on conflict do nothing
     returning affiliate_id, id, event_type, occurred_at
   ), due as (
     select i.ord, row_number() over (partition by e.affiliate_id, e.id order by t.created_at, t.id) as n,
       e.affiliate_id, t.id as webhook_id, e.id as event_id, e.event_type, e.occurred_at, i.id_prefix,
       greatest(e.occurred_at, t.held_until) as due_at,
       case when t.ordering = 'entity' then i.entity_key end as ordering_key
     from event e
     join input i on i.affiliate_id = e.affiliate_id and i.id = e.id
     join target t on t.ord = i.ord and t.matched
   ), queued as (
     insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
       ordering_key, created_at, updated_at)
     select affiliate_id, id_prefix || '_' || n, webhook_id, event_id, event_type, 'pending', 0, ordering_key,
       occurred_at, occurred_at
     from due
     returning affiliate_id, event_id
   ), waiting as (
     -- In the order given, so the sequence numbers of an entity's deliveries follow its events.
     insert into {s}.delivery_queue (affiliate_id, webhook_id, id, due_at, ordering_key)
     select affiliate_id, webhook_id, id_prefix || '_' || n, due_at, ordering_key from due
     order by ord, n
   )
   select exists (select 1 from event e where e.affiliate_id = i.affiliate_id and e.id = i.id) as inserted,
     (select count(*) from queued q where q.affiliate_id = i.affiliate_id and q.event_id = i.id)::int as queued
   from input i order by i.ord`;

/** The outbox's writes at emission: an event, with its deliveries, in one statement. */
export function deliveryPublishing(
  db: Db,
  sql: Sql,
): Pick<DeliveryStore, 'insertEvent' | 'publish' | 'enqueue'> {
  const insertEvent = sql(
    `insert into {s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent,
       tracestate)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing returning id`,
  );
  const publish = sql(publishSql);
  const publishMany = sql(publishManySql);
  // The records, and a queue row for each pending one, in the order given.
  const enqueue = sql(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
         $8::timestamptz[], $9::timestamptz[], $10::timestamptz[], $11::text[])
         with ordinality as u(affiliate_id, id, webhook_id, event_id, event_type, status, attempts, next_attempt_at,
           created_at, updated_at, ordering_key, ord)
     ), stored as (
       insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
         created_at, updated_at, ordering_key, undelivered)
       select affiliate_id, id, webhook_id, event_id, event_type, status, attempts, created_at, updated_at, ordering_key,
         ${undeliveredFor('status')}
       from input
     )
     insert into {s}.delivery_queue (affiliate_id, webhook_id, id, due_at, ordering_key)
     select affiliate_id, webhook_id, id, coalesce(next_attempt_at, created_at), ordering_key from input
     where status = 'pending'
     order by ord`,
  );
  return {
    async insertEvent({ event }) {
      const { rows } = await db.query(insertEvent, [...eventColumns(event), eventTracestate(event)]);
      return rows.length === 1;
    },
    async publish({ events }) {
      if (events.length === 1) {
        const [{ event, deliver, idPrefix, payload, entityKey }] = events as [PublishedEvent];
        const { rows } = await db.query<{ inserted: number; queued: number }>(publish, [
          ...eventColumns(event),
          deliver,
          idPrefix,
          payload ? JSON.stringify(payload) : null,
          entityKey ?? null,
          eventTracestate(event),
        ]);
        return [{ inserted: rows[0]?.inserted === 1, queued: rows[0]?.queued ?? 0 }];
      }
      if (events.length === 0) return [];
      // One array per column ($1 to $8), each with an element per event.
      const rowsIn = events.map(({ event }) => eventColumns(event));
      const { rows } = await db.query<{ inserted: boolean; queued: number }>(publishMany, [
        ...rowsIn[0]!.map((_, index) => rowsIn.map((values) => values[index])),
        events.map((item) => item.deliver),
        events.map((item) => item.idPrefix),
        events.map((item) => (item.payload ? JSON.stringify(item.payload) : null)),
        events.map((item) => item.entityKey ?? null),
        events.map((item) => eventTracestate(item.event)),
      ]);
      return rows.map((row) => ({ inserted: row.inserted, queued: row.queued }));
    },
    async enqueue({ deliveries }) {
      if (deliveries.length === 0) return;
      const column = <K extends keyof Delivery>(key: K) => deliveries.map((d) => d[key] ?? null);
      await db.query(enqueue, [
        column('affiliateId'),
        column('id'),
        column('webhookId'),
        column('eventId'),
        column('eventType'),
        column('status'),
        column('attempts'),
        column('nextAttemptAt'),
        column('createdAt'),
        column('updatedAt'),
        column('orderingKey'),
      ]);
    },
  };
}
