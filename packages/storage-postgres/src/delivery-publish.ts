import type { Delivery, DeliveryStore, PublishedEvent } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { eventColumns, type Sql } from './delivery-rows';

/** The outbox's writes at emission: an event, with its deliveries, in one statement. */
export function deliveryPublishing(
  db: Db,
  sql: Sql,
): Pick<DeliveryStore, 'insertEvent' | 'publish' | 'enqueue'> {
  const insertEvent = sql(
    `insert into {s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning id`,
  );
  // The event and, when it is new, one delivery per enabled webhook subscribed to its type: one
  // round trip, with the webhooks read by the statement itself.
  const publish = sql(
    `with event as (
       insert into {s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing
       returning affiliate_id, id, event_type, occurred_at
     ), queued as (
       insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
         next_attempt_at, created_at, updated_at)
       select e.affiliate_id, $10 || '_' || row_number() over (order by w.created_at, w.id),
         w.id, e.id, e.event_type, 'pending', 0, e.occurred_at, e.occurred_at, e.occurred_at
       from event e join {s}.webhooks w on w.affiliate_id = e.affiliate_id
       where $9::boolean and w.status = 'enabled' and e.event_type = any(w.interests)
       returning 1
     )
     select (select count(*) from event)::int as inserted, (select count(*) from queued)::int as queued`,
  );
  // The same for several events at once (an order's created and paid events), one row of the
  // answer per event, in the order given.
  const publishMany = sql(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::jsonb[], $6::jsonb[],
         $7::jsonb[], $8::text[], $9::boolean[], $10::text[])
         with ordinality as i(affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent,
           deliver, id_prefix, ord)
     ), event as (
       insert into {s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent)
       select affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent
       from input order by ord
       on conflict do nothing
       returning affiliate_id, id, event_type, occurred_at
     ), queued as (
       insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts,
         next_attempt_at, created_at, updated_at)
       select e.affiliate_id,
         i.id_prefix || '_' || row_number() over (partition by e.affiliate_id, e.id order by w.created_at, w.id),
         w.id, e.id, e.event_type, 'pending', 0, e.occurred_at, e.occurred_at, e.occurred_at
       from event e
       join input i on i.affiliate_id = e.affiliate_id and i.id = e.id
       join {s}.webhooks w on w.affiliate_id = e.affiliate_id
       where i.deliver and w.status = 'enabled' and e.event_type = any(w.interests)
       returning affiliate_id, event_id
     )
     select exists (select 1 from event e where e.affiliate_id = i.affiliate_id and e.id = i.id) as inserted,
       (select count(*) from queued q where q.affiliate_id = i.affiliate_id and q.event_id = i.id)::int as queued
     from input i order by i.ord`,
  );
  const enqueue = sql(
    `insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts, next_attempt_at,
       created_at, updated_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
       $8::timestamptz[], $9::timestamptz[], $10::timestamptz[])`,
  );
  return {
    async insertEvent({ event }) {
      const { rows } = await db.query(insertEvent, eventColumns(event));
      return rows.length === 1;
    },
    async publish({ events }) {
      if (events.length === 1) {
        const [{ event, deliver, idPrefix }] = events as [PublishedEvent];
        const { rows } = await db.query<{ inserted: number; queued: number }>(publish, [
          ...eventColumns(event),
          deliver,
          idPrefix,
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
      ]);
    },
  };
}
