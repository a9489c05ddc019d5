import type { DeliveryListQuery } from '@affiliate-commerce/core/storage';
import { withSchema } from './identifiers';

/** One list query as SQL: its text, its parameters, and whether its rows come oldest first. */
export interface DeliveryListStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  /** Read upwards from `endingBefore` (oldest first): the caller turns the page round. */
  readonly upwards: boolean;
}

/** Every state a delivery can be in: one webhook's page merges one index range per state asked for. */
const states = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/**
 * The SQL of {@link DeliveryListQuery}: read downwards from the top or from `startingAfter`, or
 * upwards from `endingBefore`, one row more than the page to learn whether more follow. Without a
 * webhook the page is one range of `deliveries_list` `(affiliate_id, created_at desc, id collate
 * "C" desc)` with states, types and dates as filters. With one, it is one range of
 * `deliveries_webhook` `(affiliate_id, webhook_id, status, created_at desc, …)` per state asked
 * for (all four when none is), each cut to the page and merged, so a page reads at most four
 * times its length however deep it is. Filters are added only when asked, so each shape of query
 * has a plan of its own.
 *
 * @example
 * const { text, params } = deliveryListStatement('affiliate_commerce', { affiliateId, limit: 25 });
 */
export function deliveryListStatement(schema: string, query: DeliveryListQuery): DeliveryListStatement {
  const params: unknown[] = [query.affiliateId, query.limit + 1];
  const next = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['d.affiliate_id = $1'];
  if (query.types) where.push(`d.event_type = any(${next([...query.types])}::text[])`);
  if (query.createdFrom) where.push(`d.created_at >= ${next(query.createdFrom)}`);
  if (query.createdBefore) where.push(`d.created_at < ${next(query.createdBefore)}`);
  const position = query.endingBefore ?? query.startingAfter;
  const upwards = query.endingBefore !== undefined;
  if (position) {
    // A row comparison, which the index reads as one range.
    const at = next(position.createdAt);
    const id = next(position.id);
    where.push(`(d.created_at, d.id collate "C") ${upwards ? '>' : '<'} (${at}::timestamptz, ${id}::text)`);
  }
  const order = upwards ? 'asc' : 'desc';
  const orderBy = `order by created_at ${order}, id collate "C" ${order} limit $2`;
  if (query.webhookId === undefined) {
    if (query.statuses) where.push(`d.status = any(${next([...query.statuses])}::text[])`);
    const text = `select d.* from {s}.deliveries d where ${where.join(' and ')} ${orderBy}`;
    return { text: withSchema(text, schema), params, upwards };
  }
  where.push(`d.webhook_id = ${next(query.webhookId)}`);
  const ranges = states
    .filter((state) => query.statuses === undefined || query.statuses.includes(state))
    .map(
      (state) =>
        `(select d.* from {s}.deliveries d where ${where.join(' and ')} and d.status = '${state}' ${orderBy})`,
    );
  if (ranges.length === 0) {
    return { text: withSchema('select d.* from {s}.deliveries d where false', schema), params: [], upwards };
  }
  const text =
    ranges.length === 1
      ? ranges[0]!.slice(1, -1)
      : `select * from (${ranges.join(' union all ')}) page ${orderBy}`;
  return { text: withSchema(text, schema), params, upwards };
}
