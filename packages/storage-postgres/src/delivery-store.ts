import {
  type ClaimedDelivery,
  capResponseBody,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type DeliveryStore,
  type EventRecord,
  type PublishedEvent,
} from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { eventListStatement } from './event-list';
import { withSchema } from './identifiers';

interface DeliveryRow {
  affiliate_id: string;
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  created_at: Date;
  updated_at: Date;
}

interface EventRow {
  affiliate_id: string;
  id: string;
  event_type: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  patient: EventRecord['patient'] | null;
  attribution: Record<string, unknown> | null;
  traceparent: string | null;
}

/** A claimed delivery with its event's columns, as the claim's JSON carries them (timestamps as text). */
interface ClaimedJson
  extends Omit<DeliveryRow, 'next_attempt_at' | 'last_attempt_at' | 'created_at' | 'updated_at'> {
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  event_occurred_at: string;
  event_data: EventRow['data'];
  event_patient: EventRow['patient'];
  event_attribution: EventRow['attribution'];
  event_traceparent: EventRow['traceparent'];
}

interface AttemptRow {
  affiliate_id: string;
  id: string;
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  attempted_at: Date;
  payload_version: 'v1' | 'v2';
  succeeded: boolean;
  status_code: number | null;
  latency_ms: number;
  response_body: string | null;
  error: string | null;
}

const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  affiliateId: row.affiliate_id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  ...(row.status === 'pending' && row.next_attempt_at ? { nextAttemptAt: row.next_attempt_at } : {}),
  ...(row.last_attempt_at ? { lastAttemptAt: row.last_attempt_at } : {}),
  ...(row.last_status_code !== null ? { lastStatusCode: row.last_status_code } : {}),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const toEvent = (row: EventRow): EventRecord => ({
  eventId: row.id,
  eventType: row.event_type,
  affiliateId: row.affiliate_id,
  occurredAt: row.occurred_at,
  data: row.data,
  ...(row.patient ? { patient: row.patient } : {}),
  ...(row.attribution ? { attribution: row.attribution } : {}),
  ...(row.traceparent ? { traceparent: row.traceparent } : {}),
});

const toAttempt = (row: AttemptRow): DeliveryAttempt => ({
  id: row.id,
  deliveryId: row.delivery_id,
  affiliateId: row.affiliate_id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  attempt: row.attempt,
  attemptedAt: row.attempted_at,
  payloadVersion: row.payload_version,
  succeeded: row.succeeded,
  ...(row.status_code !== null ? { statusCode: row.status_code } : {}),
  latencyMs: row.latency_ms,
  ...(row.response_body !== null ? { responseBody: row.response_body } : {}),
  ...(row.error !== null ? { error: row.error } : {}),
});

/** An event's columns in the order the event inserts name them ($1 to $8). */
const eventColumns = (event: EventRecord): unknown[] => [
  event.affiliateId,
  event.eventId,
  event.eventType,
  event.occurredAt,
  JSON.stringify(event.data),
  event.patient ? JSON.stringify(event.patient) : null,
  event.attribution ? JSON.stringify(event.attribution) : null,
  event.traceparent ?? null,
];

/** The outbox on PostgreSQL. @example postgresDeliveryStore(db, 'affiliate_commerce') */
export function postgresDeliveryStore(db: Db, schema: string): DeliveryStore {
  const sql = (text: string) => withSchema(text, schema);
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
  const getEvent = sql('select * from {s}.events where affiliate_id = $1 and id = $2');
  // The deliveries_event index of migration 012.
  const eventDeliveries = sql(
    `select * from {s}.deliveries where affiliate_id = $1 and event_id = $2 order by created_at, id collate "C"`,
  );
  const enqueue = sql(
    `insert into {s}.deliveries (affiliate_id, id, webhook_id, event_id, event_type, status, attempts, next_attempt_at,
       created_at, updated_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
       $8::timestamptz[], $9::timestamptz[], $10::timestamptz[])`,
  );
  // One statement: pick due rows no other worker holds, lease them, and join their events.
  const claim = sql(
    `with due as (
       select affiliate_id, id from {s}.deliveries
       where status = 'pending' and next_attempt_at <= $1 and (lease_expires_at is null or lease_expires_at <= $1)
         and webhook_id <> all($5::text[])
       order by next_attempt_at, id
       limit $2
       for update skip locked
     ), claimed as (
       update {s}.deliveries d set lease_token = $3, lease_expires_at = $4
       from due where d.affiliate_id = due.affiliate_id and d.id = due.id
       returning d.*
     )
     -- One JSON document for the whole batch: parsing it is one native JSON.parse, where a row per
     -- delivery cost more to decode in the driver than the claim costs the server.
     select coalesce(json_agg(json_build_object(
         'affiliate_id', c.affiliate_id, 'id', c.id, 'webhook_id', c.webhook_id, 'event_id', c.event_id,
         'event_type', c.event_type, 'status', c.status, 'attempts', c.attempts, 'next_attempt_at', c.next_attempt_at,
         'last_attempt_at', c.last_attempt_at, 'last_status_code', c.last_status_code, 'created_at', c.created_at,
         'updated_at', c.updated_at, 'event_occurred_at', e.occurred_at, 'event_data', e.data,
         'event_patient', e.patient, 'event_attribution', e.attribution, 'event_traceparent', e.traceparent
       ) order by c.next_attempt_at, c.id), '[]') as claimed
     from claimed c join {s}.events e on e.affiliate_id = c.affiliate_id and e.id = c.event_id`,
  );
  // One statement, so one round trip and atomic without BEGIN/COMMIT: each delivery moves only
  // while its lease is still the completing worker's, and only the attempts of the deliveries that
  // moved are logged (a late worker's attempt would take the number its successor writes). The
  // batch travels as one JSON parameter (one native JSON.stringify instead of eighteen escaped arrays).
  const completeBatch = sql(
    `with input as (
       select * from json_to_recordset($1::json) as u(affiliate_id text, id text, lease_token text, status text,
         next_attempt_at timestamptz, updated_at timestamptz, attempt_id text, webhook_id text, event_id text,
         event_type text, attempt int, attempted_at timestamptz, payload_version text, succeeded boolean,
         status_code int, latency_ms int, response_body text, error text)
     ), moved as (
       update {s}.deliveries d set status = u.status, attempts = d.attempts + 1, next_attempt_at = u.next_attempt_at,
         last_attempt_at = u.attempted_at, last_status_code = u.status_code, lease_token = null, lease_expires_at = null,
         updated_at = u.updated_at
       from input u
       where d.affiliate_id = u.affiliate_id and d.id = u.id and d.lease_token = u.lease_token
       returning d.affiliate_id, d.id
     )
     insert into {s}.delivery_attempts (affiliate_id, id, delivery_id, webhook_id, event_id, event_type, attempt,
       attempted_at, payload_version, succeeded, status_code, latency_ms, response_body, error)
     select u.affiliate_id, u.attempt_id, u.id, u.webhook_id, u.event_id, u.event_type, u.attempt, u.attempted_at,
       u.payload_version, u.succeeded, u.status_code, u.latency_ms, u.response_body, u.error
     from input u join moved m on m.affiliate_id = u.affiliate_id and m.id = u.id
     returning affiliate_id, delivery_id as id`,
  );
  const release = sql(
    `update {s}.deliveries d set lease_token = null, lease_expires_at = null,
       next_attempt_at = coalesce(u.next_attempt_at, d.next_attempt_at)
     from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) as u(affiliate_id, id, lease_token, next_attempt_at)
     where d.affiliate_id = u.affiliate_id and d.id = u.id and d.lease_token = u.lease_token
     returning d.id`,
  );
  const defer = sql(
    `update {s}.deliveries set next_attempt_at = $3
     where affiliate_id = $1 and webhook_id = $2 and status = 'pending' and next_attempt_at < $3
       and (lease_expires_at is null or lease_expires_at <= $4)
     returning id`,
  );
  const resume = sql(
    `update {s}.deliveries set next_attempt_at = $4
     where affiliate_id = $1 and webhook_id = $2 and status = 'pending'
       and next_attempt_at > $4 and next_attempt_at <= $3
       and (lease_expires_at is null or lease_expires_at <= $4)
     returning id`,
  );
  const get = sql('select * from {s}.deliveries where affiliate_id = $1 and id = $2 and webhook_id = $3');
  const requeue = sql(
    `update {s}.deliveries set status = 'pending', next_attempt_at = $4, lease_token = null, lease_expires_at = null,
       updated_at = $4
     where affiliate_id = $1 and id = $2 and webhook_id = $3 and status <> 'pending'
     returning *`,
  );
  const cancel = sql(
    `update {s}.deliveries set status = 'cancelled', next_attempt_at = null, updated_at = $3
     where affiliate_id = $1 and webhook_id = $2 and status = 'pending' returning id`,
  );
  const attempts = sql(
    `select *, count(*) over () as total from {s}.delivery_attempts
     where affiliate_id = $1 and webhook_id = $2
     order by attempted_at desc, id desc offset $3 limit $4`,
  );
  const failing = sql(
    `select min(attempted_at) as since from {s}.delivery_attempts
     where affiliate_id = $1 and webhook_id = $2 and not succeeded
       and attempted_at > coalesce((select max(attempted_at) from {s}.delivery_attempts
         where affiliate_id = $1 and webhook_id = $2 and succeeded), '-infinity'::timestamptz)`,
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
  // Retention works in small batches, each its own statement: it locks only the rows it deletes,
  // passes over rows a worker or a recover holds, and never reads pending rows.
  const pruneDeliveries = sql(
    `with doomed as (
       select affiliate_id, id, event_id from {s}.deliveries
       where (status in ('succeeded', 'cancelled') and updated_at < $1) or (status = 'failed' and updated_at < $2)
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
  const backlog = sql(
    `select count(*)::int as pending, count(*) filter (where next_attempt_at <= $1)::int as due,
       min(next_attempt_at) filter (where next_attempt_at <= $1) as oldest_due_at
     from {s}.deliveries where status = 'pending'`,
  );
  const countAttempts = sql(
    'select count(*)::int as total from {s}.delivery_attempts where affiliate_id = $1 and webhook_id = $2',
  );

  const store: DeliveryStore = {
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
    async getEvent({ affiliateId, eventId }) {
      const { rows } = await db.query<EventRow>(getEvent, [affiliateId, eventId]);
      return rows[0] && toEvent(rows[0]);
    },
    async listEvents(query) {
      const { text, params, upwards } = eventListStatement(schema, query);
      const { rows } = await db.query<EventRow>(text, params);
      const page = rows.slice(0, query.limit).map(toEvent);
      return { events: upwards ? page.reverse() : page, hasMore: rows.length > query.limit };
    },
    async listEventDeliveries({ affiliateId, eventId }) {
      const { rows } = await db.query<DeliveryRow>(eventDeliveries, [affiliateId, eventId]);
      return rows.map(toDelivery);
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
          }),
          leaseToken,
        }),
      );
    },
    async complete(item) {
      // The batch statement with a batch of one: outcome and attempt in one atomic statement.
      const [done] = await store.completeMany({ items: [item] });
      return done!;
    },
    async completeMany({ items }) {
      if (items.length === 0) return [];
      const input = items.map(({ affiliateId, id, leaseToken, outcome, updatedAt }) => {
        const { attempt } = outcome;
        return {
          affiliate_id: affiliateId,
          id,
          lease_token: leaseToken,
          status: outcome.status,
          next_attempt_at: outcome.status === 'pending' ? (outcome.nextAttemptAt ?? null) : null,
          updated_at: updatedAt,
          attempt_id: attempt.id,
          webhook_id: attempt.webhookId,
          event_id: attempt.eventId,
          event_type: attempt.eventType,
          attempt: attempt.attempt,
          attempted_at: attempt.attemptedAt,
          payload_version: attempt.payloadVersion,
          succeeded: attempt.succeeded,
          status_code: attempt.statusCode ?? null,
          latency_ms: attempt.latencyMs,
          response_body: attempt.responseBody === undefined ? null : capResponseBody(attempt.responseBody),
          error: attempt.error ?? null,
        };
      });
      // The attempt's own tenant and delivery are the item's (the contract's items always agree).
      const { rows } = await db.query<{ affiliate_id: string; id: string }>(completeBatch, [
        JSON.stringify(input),
      ]);
      const done = new Set(rows.map((row) => `${row.affiliate_id}\u0000${row.id}`));
      return items.map((i) => done.has(`${i.affiliateId}\u0000${i.id}`));
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
    async defer({ affiliateId, webhookId, until, now }) {
      const { rows } = await db.query(defer, [affiliateId, webhookId, until, now]);
      return rows.length;
    },
    async resume({ affiliateId, webhookId, heldUntil, now }) {
      const { rows } = await db.query(resume, [affiliateId, webhookId, heldUntil, now]);
      return rows.length;
    },
    async get({ affiliateId, webhookId, id }) {
      const { rows } = await db.query<DeliveryRow>(get, [affiliateId, id, webhookId]);
      return rows[0] && toDelivery(rows[0]);
    },
    async requeue({ affiliateId, webhookId, id, now }) {
      const { rows } = await db.query<DeliveryRow>(requeue, [affiliateId, id, webhookId, now]);
      return rows[0] && toDelivery(rows[0]);
    },
    async cancelPending({ affiliateId, webhookId, now }) {
      const { rows } = await db.query(cancel, [affiliateId, webhookId, now]);
      return rows.length;
    },
    async failingSince({ affiliateId, webhookId }) {
      const { rows } = await db.query<{ since: Date | null }>(failing, [affiliateId, webhookId]);
      return rows[0]?.since ?? undefined;
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
    async prune({ succeededBefore, failedBefore, limit }) {
      const { rows } = await db.query<{ deliveries: number; attempts: number; events: [string, string][] }>(
        pruneDeliveries,
        [succeededBefore, failedBefore, limit],
      );
      const { deliveries, attempts, events: keys } = rows[0]!;
      let events = 0;
      if (keys.length > 0)
        events += (await db.query(pruneTheirEvents, [JSON.stringify(keys), succeededBefore])).rows.length;
      // Lone events only once the deliveries of this age are done, so the sweep runs rarely.
      if (deliveries < limit)
        events += (await db.query(pruneLoneEvents, [succeededBefore, limit])).rows.length;
      return { deliveries, attempts, events };
    },
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
    async listAttempts({ affiliateId, webhookId, offset, limit }) {
      const { rows } = await db.query<AttemptRow & { total: string }>(attempts, [
        affiliateId,
        webhookId,
        offset,
        limit,
      ]);
      if (rows.length > 0) return { items: rows.map(toAttempt), total: Number(rows[0]!.total) };
      const counted = await db.query<{ total: number }>(countAttempts, [affiliateId, webhookId]);
      return { items: [], total: counted.rows[0]?.total ?? 0 };
    },
  };
  return store;
}
