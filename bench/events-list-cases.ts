import { eventDictionary, type Service, type Storage } from '@affiliate-commerce/core';
import { responseText } from '@affiliate-commerce/core/http';
import type { EventListQuery, EventPosition } from '@affiliate-commerce/core/storage';
import type pg from 'pg';

/**
 * The ways to a page: the bare range scan; the storage port; the HTTP kernel answering a
 * `Response` whose body is read as bytes, as a fetch runtime sends it; the HTTP kernel answering
 * text, as the Express adapter asks it (`textBodies`).
 */
export type Way = 'floor' | 'port' | 'fetch' | 'express';
export const ways: readonly Way[] = ['floor', 'port', 'fetch', 'express'];

/** One kind of page, through each way; `i` picks its cursor (they take turns). */
export interface PageCase {
  readonly name: string;
  /** The name in a sentence. */
  readonly short: string;
  readonly call: Readonly<Record<Way, (i: number) => Promise<unknown>>>;
}

/** A cursor: an event's position, and how far down the affiliate's list it lies. */
export type Cursor = EventPosition & { readonly depth: number };

/** What the pages are read with. */
export interface PageContext {
  readonly pool: pg.Pool;
  readonly storage: Storage;
  /** A service whose token `tok` is an admin of `affiliateId`. */
  readonly service: Service;
  readonly schema: string;
  readonly affiliateId: string;
  readonly limit: number;
  /** Cursors for `startingAfter`, far down the list. */
  readonly deep: readonly Cursor[];
  /** Cursors for `endingBefore`. */
  readonly up: readonly Cursor[];
  readonly types: readonly string[];
}

/** Every event type the list shows: what the API passes to the storage when `types` is left out. */
const listed = eventDictionary.filter((d) => d.visibility === 'public').map((d) => d.name);

/**
 * The floor's statements: the storage's columns, one range of `events_list` (of `events_type_list`
 * per type for a `types` filter), one row more than the page.
 */
function floorStatements(schema: string, limit: number) {
  const from = `select affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent
    from "${schema}".events where affiliate_id = $1`;
  const down = `order by occurred_at desc, id collate "C" desc limit ${limit + 1}`;
  return {
    first: `${from} ${down}`,
    after: `${from} and (occurred_at, id collate "C") < ($2::timestamptz, $3::text) ${down}`,
    before: `${from} and (occurred_at, id collate "C") > ($2::timestamptz, $3::text)
      order by occurred_at asc, id collate "C" asc limit ${limit + 1}`,
    // One range of `events_type_list` per type, merged and cut to the page.
    types: `select e.* from unnest($2::text[]) as t(event_type) cross join lateral (
        select affiliate_id, id, event_type, occurred_at, data, patient, attribution, traceparent
        from "${schema}".events where affiliate_id = $1 and event_type = t.event_type ${down}) e
      ${down}`,
  };
}

const turn = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const depths = (cursors: readonly Cursor[]) =>
  `${cursors[0]!.depth.toLocaleString('en-US')} to ${cursors.at(-1)!.depth.toLocaleString('en-US')} down`;

/**
 * The four pages measured: the first, a deep one (`startingAfter`), one up (`endingBefore`) and
 * the first with a `types` filter. The floor and the port are handed the cursor's position; the
 * HTTP kernel gets its id, as a client sends it.
 */
export function pageCases(context: PageContext): PageCase[] {
  const { pool, storage, service, affiliateId, limit, deep, up, types } = context;
  const sql = floorStatements(context.schema, limit);
  const floor = async (text: string, params: unknown[], upwards = false) => {
    const { rows } = await pool.query<{ id: string }>(text, params);
    const page = rows.slice(0, limit);
    return upwards ? page.reverse() : page;
  };
  const port = (query: Partial<EventListQuery>) =>
    storage.deliveries.listEvents({ affiliateId, types: listed, limit, ...query });
  const handle = async (query: string, textBodies: boolean) => {
    const response = await service.handle(
      new Request(`http://bench/v2/events?limit=${limit}${query}`, {
        headers: { authorization: 'Bearer tok' },
      }),
      { textBodies },
    );
    if (response.status !== 200) throw new Error(`status ${response.status}: ${await response.text()}`);
    return response;
  };
  const http = {
    fetch: async (query: string) => (await handle(query, false)).arrayBuffer(),
    express: async (query: string) => responseText(await handle(query, true)),
  };
  return [
    {
      name: 'first page',
      short: 'the first page',
      call: {
        floor: () => floor(sql.first, [affiliateId]),
        port: () => port({}),
        fetch: () => http.fetch(''),
        express: () => http.express(''),
      },
    },
    {
      name: `deep page (\`startingAfter\`, ${depths(deep)})`,
      short: 'a deep page',
      call: {
        floor: (i) => floor(sql.after, [affiliateId, turn(deep, i).occurredAt, turn(deep, i).eventId]),
        port: (i) => port({ startingAfter: turn(deep, i) }),
        fetch: (i) => http.fetch(`&startingAfter=${turn(deep, i).eventId}`),
        express: (i) => http.express(`&startingAfter=${turn(deep, i).eventId}`),
      },
    },
    {
      name: `page up (\`endingBefore\`, ${depths(up)})`,
      short: 'a page up',
      call: {
        floor: (i) => floor(sql.before, [affiliateId, turn(up, i).occurredAt, turn(up, i).eventId], true),
        port: (i) => port({ endingBefore: turn(up, i) }),
        fetch: (i) => http.fetch(`&endingBefore=${turn(up, i).eventId}`),
        express: (i) => http.express(`&endingBefore=${turn(up, i).eventId}`),
      },
    },
    {
      name: `first page, \`types=${types.join(',')}\``,
      short: 'the `types` filter',
      call: {
        floor: () => floor(sql.types, [affiliateId, types]),
        port: () => port({ types }),
        fetch: () => http.fetch(`&types=${types.join(',')}`),
        express: () => http.express(`&types=${types.join(',')}`),
      },
    },
  ];
}

const payloadIds = (body: string) =>
  (JSON.parse(body) as { data: { events: { event_id: string }[] } }).data.events.map(
    (event) => event.event_id,
  );

/** The event ids of an answer of each way, in order. */
export const answerIds: Readonly<Record<Way, (answer: unknown) => string[]>> = {
  floor: (answer) => (answer as { id: string }[]).map((row) => row.id),
  port: (answer) => (answer as { events: { eventId: string }[] }).events.map((event) => event.eventId),
  fetch: (answer) => payloadIds(new TextDecoder().decode(answer as ArrayBuffer)),
  express: (answer) => payloadIds(answer as string),
};
