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
 * The SQL of {@link EventListQuery}: one range of the `events_list` index
 * `(affiliate_id, occurred_at desc, id collate "C" desc)`, read downwards from the top or from
 * `startingAfter`, or upwards from `endingBefore`, with one row more than the page to learn
 * whether more follow. Filters are added only when asked, so each shape of query has a plan of
 * its own (at most 24 texts per schema).
 *
 * @example
 * const { text, params } = eventListStatement('affiliate_commerce', { affiliateId, types, limit: 25 });
 */
export function eventListStatement(schema: string, query: EventListQuery): EventListStatement {
  const params: unknown[] = [query.affiliateId, query.types, query.limit + 1];
  const next = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['e.affiliate_id = $1', 'e.event_type = any($2::text[])'];
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
  const text = `select e.affiliate_id, e.id, e.event_type, e.occurred_at, e.data, e.patient, e.attribution, e.traceparent
     from {s}.events e
     where ${where.join(' and ')}
     order by e.occurred_at ${order}, e.id collate "C" ${order}
     limit $3`;
  return { text: withSchema(text, schema), params, upwards };
}
