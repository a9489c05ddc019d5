import type { EventListQuery } from '@affiliate-commerce/core/storage';
import { withSchema } from './identifiers';

/** One list query as SQL: its text, its parameters, and whether its rows come oldest first. */
export interface EventListStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  /** Read upwards from `endingBefore` (oldest first): the caller turns the page round. */
  readonly upwards: boolean;
}

/**
 * Up to this many types, a page is read as one short range of `events_type_list` per type; with
 * more, as one range of `events_list` with the types as a filter. A range per type reads at most
 * a page's worth of index entries each, so it wins while the types are few: with `k` of `n` types
 * evenly spread, one range of the affiliate's events reads about `page × n / k` entries, `k`
 * ranges about `page × k`.
 */
export const typeRangesUpTo = 6;

const columns =
  'e.affiliate_id, e.id, e.event_type, e.occurred_at, e.data, e.patient, e.attribution, e.traceparent, e.tracestate';

/**
 * The SQL of {@link EventListQuery}: read downwards from the top or from `startingAfter`, or
 * upwards from `endingBefore`, one row more than the page to learn whether more follow.
 *
 * - Many types (the default: every listed type): one range of the `events_list` index
 *   `(affiliate_id, occurred_at desc, id collate "C" desc)`, the types a filter on it.
 * - A few types: one range of `events_type_list` `(affiliate_id, event_type, …)` per type, each
 *   read index-only for the page's ids, merged and cut to the page; then the page's rows.
 *
 * Filters are added only when asked, so each shape of query has a plan of its own.
 *
 * @example
 * const { text, params } = eventListStatement('affiliate_commerce', { affiliateId, types, limit: 25 });
 */
export function eventListStatement(schema: string, query: EventListQuery): EventListStatement {
  const types = [...new Set(query.types)];
  const params: unknown[] = [query.affiliateId, types, query.limit + 1];
  const next = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const perType = types.length <= typeRangesUpTo;
  const where = [
    'e.affiliate_id = $1',
    perType ? 'e.event_type = t.event_type' : 'e.event_type = any($2::text[])',
  ];
  if (query.occurredFrom) where.push(`e.occurred_at >= ${next(query.occurredFrom)}`);
  if (query.occurredBefore) where.push(`e.occurred_at < ${next(query.occurredBefore)}`);
  if (query.webhookId !== undefined) {
    where.push(
      `exists (select 1 from {s}.deliveries d where d.affiliate_id = e.affiliate_id and d.event_id = e.id and d.webhook_id = ${next(query.webhookId)})`,
    );
  }
  const position = query.endingBefore ?? query.startingAfter;
  const upwards = query.endingBefore !== undefined;
  if (position) {
    // A row comparison, which the index reads as one range.
    const at = next(position.occurredAt);
    const id = next(position.eventId);
    where.push(`(e.occurred_at, e.id collate "C") ${upwards ? '>' : '<'} (${at}::timestamptz, ${id}::text)`);
  }
  const order = upwards ? 'asc' : 'desc';
  const orderBy = (table: string) =>
    `order by ${table}.occurred_at ${order}, ${table}.id collate "C" ${order}`;
  const text = perType
    ? `with page as (
         select p.id, p.occurred_at
         from unnest($2::text[]) as t(event_type)
         cross join lateral (
           select e.id, e.occurred_at from {s}.events e
           where ${where.join(' and ')}
           ${orderBy('e')}
           limit $3
         ) p
         ${orderBy('p')}
         limit $3
       )
       select ${columns}
       from page join {s}.events e on e.affiliate_id = $1 and e.id = page.id
       ${orderBy('e')}`
    : `select ${columns}
       from {s}.events e
       where ${where.join(' and ')}
       ${orderBy('e')}
       limit $3`;
  return { text: withSchema(text, schema), params, upwards };
}
