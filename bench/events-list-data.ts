import { eventDictionary, exampleEvent, isSubscribable } from '@affiliate-commerce/core';
import type pg from 'pg';

/** How the event list benchmark's outbox is made. */
export interface EventSeed {
  readonly events: number;
  readonly affiliates: number;
  /** How far back the events reach: they are spread evenly over this many days up to now. */
  readonly days: number;
}

/** What the seeding made. */
export interface SeededEvents {
  readonly ms: number;
  readonly types: number;
  /** Stored jsonb per event (data, patient and attribution together), bytes. */
  readonly jsonbBytes: { readonly mean: number; readonly min: number; readonly max: number };
  readonly tableBytes: number;
  readonly indexBytes: number;
}

/**
 * What a host's back end sends beside the fields v2 delivers: the customer's record, health data
 * included. v1 receivers get it; the v2 payload, and so the event list, leaves it out.
 */
const hostRecord = {
  customer: {
    first_name: 'Alex',
    last_name: 'Example',
    email: 'alex@example.com',
    phone: '+15555550100',
    date_of_birth: '1988-04-12',
    shipping_address: {
      line1: '1 Example Street',
      line2: 'Apartment 4',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      country: 'US',
    },
  },
  intake: { height_cm: 178, weight_kg: 82, allergies: ['penicillin'], conditions: ['hypertension'] },
  notes: 'Prefers evening deliveries; call before shipping.',
};

/** One event of each subscribable type, as the outbox stores it; the smaller ones carry the host's record. */
function templates() {
  return eventDictionary
    .filter((definition) => definition.visibility === 'public' && isSubscribable(definition.name))
    .map((definition) => {
      const event = exampleEvent(definition.name);
      const small = JSON.stringify(event.data).length < 1_000;
      return {
        eventType: event.eventType,
        data: JSON.stringify(small ? { ...event.data, ...hostRecord } : event.data),
        patient: event.patient ? JSON.stringify(event.patient) : null,
        attribution: event.attribution ? JSON.stringify(event.attribution) : null,
      };
    });
}

/**
 * Fills `schema`'s events table (made by the storage's migrations, indexes included) with
 * `seed.events` events in one INSERT ... SELECT from generate_series, oldest first as a live
 * outbox receives them: affiliates and types drawn by hash for each event (so an affiliate's
 * events are spread over the whole table, as they are when many affiliates emit at once), ids
 * random-looking as the service's are, each with a trace context. Then VACUUM ANALYZE.
 */
export async function seedEvents(admin: pg.Client, schema: string, seed: EventSeed): Promise<SeededEvents> {
  const s = `"${schema}"`;
  const started = performance.now();
  const rows = templates();
  await admin.query('set synchronous_commit = off');
  await admin.query(
    'create temporary table event_templates (n int, event_type text, data jsonb, patient jsonb, attribution jsonb)',
  );
  await admin.query(
    `insert into event_templates
     select n - 1, t, d, p, a from unnest($1::text[], $2::jsonb[], $3::jsonb[], $4::jsonb[]) with ordinality as u(t, d, p, a, n)`,
    [
      rows.map((row) => row.eventType),
      rows.map((row) => row.data),
      rows.map((row) => row.patient),
      rows.map((row) => row.attribution),
    ],
  );
  await admin.query(
    `insert into ${s}.events (affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent)
     select 'aff_' || lpad(mod(abs(hashint4extended(g, 1)), $2)::text, 3, '0'),
       'evt_' || substr(md5(g::text), 1, 24),
       t.event_type,
       now() - ($1::int - g) * ($3::float8 * 86400 / $1::int) * interval '1 second',
       t.data || jsonb_build_object('host_reference', 'ref_' || g),
       t.patient,
       t.attribution,
       '00-' || md5('trace' || g) || '-' || substr(md5('span' || g), 1, 16) || '-01'
     from generate_series(1, $1::int) g
     join event_templates t on t.n = mod(abs(hashint4extended(g, 2)), $4)`,
    [seed.events, seed.affiliates, seed.days, rows.length],
  );
  await admin.query(`vacuum analyze ${s}.events`);
  const ms = performance.now() - started;
  const { rows: sizes } = await admin.query<{ mean: number; min: number; max: number }>(
    `select avg(b)::int as mean, min(b) as min, max(b) as max from (
       select pg_column_size(data) + coalesce(pg_column_size(patient), 0) + coalesce(pg_column_size(attribution), 0) as b
       from ${s}.events tablesample system (1)) sample`,
  );
  const { rows: relation } = await admin.query<{ table: string; indexes: string }>(
    `select pg_table_size('${s}.events') as table, pg_indexes_size('${s}.events') as indexes`,
  );
  return {
    ms,
    types: rows.length,
    jsonbBytes: sizes[0]!,
    tableBytes: Number(relation[0]!.table),
    indexBytes: Number(relation[0]!.indexes),
  };
}
