import type { DeliveryListQuery } from '@affiliate-commerce/core/storage';
import { deliveryColumns } from './delivery-rows';
import { withSchema } from './identifiers';

/** One list query as SQL: its text, its parameters, and whether its rows come oldest first. */
export interface DeliveryListStatement {
  readonly text: string;
  readonly params: readonly unknown[];
  /** Read upwards from `endingBefore` (oldest first): the caller turns the page round. */
  readonly upwards: boolean;
}

/**
 * The SQL of {@link DeliveryListQuery}: read downwards from the top or from `startingAfter`, or
 * upwards from `endingBefore`, one row more than the page to learn whether more follow. The page
 * is one range of `deliveries_list` `(affiliate_id, created_at desc, id collate "C" desc)`, or,
 * for one webhook, of `deliveries_webhook` `(affiliate_id, webhook_id, created_at desc, …)`, with
 * types and dates as filters, and states too when succeeded ones are asked for (they are most of
 * the outbox). No index carries the state, since the outcome that changes it must not write one,
 * so a page of the rarer states is merged from where only they are: pending deliveries through
 * their queue rows, failed and cancelled ones through the partial indexes of those (`where
 * undelivered`, on the same columns), each cut to the page. A pending delivery's next attempt is
 * its queue row's. Filters are added only when asked, so each shape of query has a plan of its own.
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
  if (query.webhookId !== undefined) where.push(`d.webhook_id = ${next(query.webhookId)}`);
  const range = (from: string, extra: readonly string[]) =>
    `select ${deliveryColumns} from ${from} where ${[...where, ...extra].join(' and ')}
     order by d.created_at ${order}, d.id collate "C" ${order} limit $2`;
  const statuses = query.statuses;
  if (statuses === undefined || statuses.includes('succeeded')) {
    // Most deliveries succeed: the range holds them densely, the rest are filtered out as read.
    const filter = statuses ? [`d.status = any(${next([...statuses])}::text[])`] : [];
    return { text: withSchema(range('{s}.deliveries d', filter), schema), params, upwards };
  }
  // The few others: pending ones through their queue rows, failed and cancelled ones through the
  // partial indexes that hold only those, each cut to the page and merged.
  const parts: string[] = [];
  if (statuses.includes('pending')) {
    const queued = `{s}.delivery_queue q join {s}.deliveries d
      on d.affiliate_id = q.affiliate_id and d.webhook_id = q.webhook_id and d.id = q.id`;
    parts.push(range(queued, ['q.affiliate_id = $1']));
  }
  const undelivered = statuses.filter((status) => status === 'failed' || status === 'cancelled');
  if (undelivered.length > 0)
    parts.push(range('{s}.deliveries d', ['d.undelivered', `d.status = any(${next(undelivered)}::text[])`]));
  if (parts.length === 0) {
    return { text: withSchema('select d.* from {s}.deliveries d where false', schema), params: [], upwards };
  }
  const text =
    parts.length === 1
      ? parts[0]!
      : `select * from ((${parts.join(') union all (')})) page
         order by created_at ${order}, id collate "C" ${order} limit $2`;
  return { text: withSchema(text, schema), params, upwards };
}
