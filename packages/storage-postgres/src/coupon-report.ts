import type { DiscountType } from '@affiliate-commerce/core';
import type {
  CouponReportFilters,
  CouponReportQuery,
  CouponReportSort,
  CouponReportStore,
  CouponUsageRow,
} from '@affiliate-commerce/core/storage';
import { type Db, lockNumber } from './db';
import { withSchema } from './identifiers';

/** Rows per query of the CSV export by default: memory stays bounded by this, whatever the row count. */
export const defaultReportBatchSize = 20_000;

const groupColumns = 'code, discount_type, discount_amount, currency';

/**
 * Runs one grouped statement with more work memory than PostgreSQL's default 4 MB: grouping a
 * year of single-use codes (100,000 groups) spills the hash to disk at 4 MB and runs a third
 * slower. `set local` lasts for this one short transaction only.
 */
async function grouped<R>(db: Db, sql: string, params: readonly unknown[]): Promise<R[]> {
  return db.transaction(async (tx) => {
    await tx.query("set local work_mem = '32MB'");
    return (await tx.query<R>(sql, params)).rows;
  });
}

const dayMs = 86_400_000;
/** The last UTC midnight a 4-digit year can write: PGlite refuses Dates of year 10000. */
const lastMidnight = Date.UTC(9999, 11, 31);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The WHERE clauses of one report query. Parameters: $1 affiliate, $2 start, $3 end (both
 * included: stored timestamps have millisecond precision, as JavaScript dates do), $4 and $5 the
 * first and last UTC midnight of the whole days inside the range, $6 and $7 the same as dates, $8
 * the product variation of the day counts ('' for every order); then the filters.
 */
interface Clauses {
  readonly redemptions: string;
  /** Orders created in the partial day before the first whole day. */
  readonly firstEdge: string;
  /** Orders created in the partial day after the last whole day. */
  readonly lastEdge: string;
  readonly days: string;
  readonly params: unknown[];
}

function clauses(query: CouponReportQuery): Clauses {
  const start = query.range.start.getTime();
  const end = query.range.end.getTime();
  let firstDay = Math.ceil(start / dayMs) * dayMs;
  let lastDay = Math.min(Math.floor((end + 1) / dayMs) * dayMs, lastMidnight);
  // No whole day inside the range: count it all from the orders (the last edge), none from the day counts.
  if (firstDay >= lastDay) firstDay = lastDay = start;
  const { productVariationId, campaignId }: CouponReportFilters = query.filters;
  const params: unknown[] = [
    query.affiliateId,
    new Date(start),
    new Date(end),
    new Date(firstDay),
    new Date(lastDay),
    isoDay(firstDay),
    isoDay(lastDay),
    productVariationId ?? '',
  ];
  let redemptions = 'affiliate_id = $1 and redeemed_at >= $2 and redeemed_at <= $3';
  let orders = '';
  let days = 'affiliate_id = $1 and product_variation_id = $8 and day >= $6::date and day < $7::date';
  if (productVariationId !== undefined) {
    redemptions += ' and product_variation_ids @> array[$8::text]';
    orders += ' and product_variation_ids @> array[$8::text]';
  }
  if (campaignId !== undefined) {
    params.push(campaignId);
    redemptions += ` and campaign_id = $${params.length}`;
    orders += ` and campaign_id = $${params.length}`;
    days += ` and campaign_id = $${params.length}`;
  }
  return {
    redemptions,
    firstEdge: `affiliate_id = $1 and created_at >= $2 and created_at < $4${orders}`,
    lastEdge: `affiliate_id = $1 and created_at >= $5 and created_at <= $3${orders}`,
    days,
    params,
  };
}

/** The WHERE clause of the redemptions alone, for the export: $1 affiliate, $2 start, $3 end (included). */
function redemptionClause(query: CouponReportQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [query.affiliateId, query.range.start, query.range.end];
  let where = 'affiliate_id = $1 and redeemed_at >= $2 and redeemed_at <= $3';
  if (query.filters.productVariationId !== undefined) {
    params.push(query.filters.productVariationId);
    where += ` and product_variation_ids @> array[$${params.length}::text]`;
  }
  if (query.filters.campaignId !== undefined) {
    params.push(query.filters.campaignId);
    where += ` and campaign_id = $${params.length}`;
  }
  return { where, params };
}

/** ORDER BY of the grouped rows; the same order as `compareUsageRows` in core. */
function orderBy(sort: CouponReportSort): string {
  const tail = 'discount_type, discount_amount, currency';
  switch (sort.by) {
    case 'uses':
      return `uses ${sort.order}, code, ${tail}`;
    case 'revenueImpact':
      // Revenue impact is minus the discount: ascending impact is descending discount.
      return `cents ${sort.order === 'asc' ? 'desc' : 'asc'}, code, ${tail}`;
    case 'coupon':
      return `code ${sort.order}, ${tail}`;
  }
}

/** One row of an export batch; numbers as text so the keyset compares them exactly. */
interface BatchRow {
  code: string;
  discount_type: DiscountType;
  amount_text: string;
  currency: string;
  uses: number;
  cents_text: string;
}

/** The keyset predicate "comes after `last`" in the order of {@link orderBy}. */
function after(sort: CouponReportSort, last: BatchRow, params: unknown[]): string {
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const terms = (tuple: string, values: string) => `(${tuple}) > (${values})`;
  const amount = () => `${p(last.amount_text)}::numeric`;
  switch (sort.by) {
    case 'coupon': {
      const code = p(last.code);
      return `code ${sort.order === 'asc' ? '>' : '<'} ${code} or (code = ${code} and ${terms(
        'discount_type, discount_amount, currency',
        `${p(last.discount_type)}, ${amount()}, ${p(last.currency)}`,
      )})`;
    }
    case 'uses':
    case 'revenueImpact': {
      const [column, value, op] =
        sort.by === 'uses'
          ? ['uses', p(last.uses), sort.order === 'asc' ? '>' : '<']
          : ['cents', `${p(last.cents_text)}::bigint`, sort.order === 'asc' ? '<' : '>'];
      return `${column} ${op} ${value} or (${column} = ${value} and ${terms(
        groupColumns,
        `${p(last.code)}, ${p(last.discount_type)}, ${amount()}, ${p(last.currency)}`,
      )})`;
    }
  }
}

type ItemTuple = [string, DiscountType, number, string, number, number];

/**
 * The coupon report on PostgreSQL, aggregated in the database. One statement answers a page: it
 * groups the matching redemptions (an index-only range scan of `coupon_redemptions_report`),
 * counts the orders of the range from `order_day_counts` and the changes orders appended since
 * (folding those into the counts as it goes) for whole UTC days plus
 * `orders_report` for the partial first and last day, and returns the summary with the page as
 * JSON. The CSV export reads every row in keyset batches of {@link defaultReportBatchSize} rows,
 * each a fresh grouped query, so no connection is held while a slow client downloads and memory
 * stays bounded.
 *
 * @example
 * postgresCouponReportStore(db, 'affiliate_commerce')
 */
export function postgresCouponReportStore(
  db: Db,
  schema: string,
  options: { batchSize?: number } = {},
): CouponReportStore {
  const batchSize = options.batchSize ?? defaultReportBatchSize;
  const table = (name: string) => withSchema(`{s}.${name}`, schema);
  return {
    async report(query) {
      const where = clauses(query);
      const sort = orderBy(query.sort);
      const params = [
        ...where.params,
        query.page.size,
        (query.page.number - 1) * query.page.size,
        lockNumber(`order-day-counts\u0000${query.affiliateId}`),
      ];
      const limit = `$${params.length - 2}`;
      const offset = `$${params.length - 1}`;
      const foldLock = `$${params.length}`;
      // The changes orders appended are folded into the day counts by this statement, one report
      // at a time per affiliate; its reads see the counts and changes as they were before the fold,
      // so each change is counted once either way.
      const sql = `
        with moved as (
          delete from ${table('order_day_count_changes')}
          where affiliate_id = $1 and (select pg_try_advisory_xact_lock(${foldLock}::bigint))
          returning product_variation_id, day, campaign_id, order_count, coupon_order_count
        ), folded as (
          insert into ${table('order_day_counts')} as c
            (affiliate_id, product_variation_id, day, campaign_id, order_count, coupon_order_count)
          select $1, product_variation_id, day, campaign_id, sum(order_count)::int, sum(coupon_order_count)::int
          from moved
          group by product_variation_id, day, campaign_id
          order by product_variation_id, day, campaign_id
          on conflict (affiliate_id, product_variation_id, day, campaign_id) do update
            set order_count = c.order_count + excluded.order_count,
              coupon_order_count = c.coupon_order_count + excluded.coupon_order_count
        ), g as (
          select ${groupColumns}, count(*)::int as uses, sum(discount_cents)::bigint as cents
          from ${table('coupon_redemptions')} where ${where.redemptions}
          group by ${groupColumns}
        ), counted as (
          select order_count as n, coupon_order_count as w from ${table('order_day_counts')} where ${where.days}
          union all
          select order_count, coupon_order_count from ${table('order_day_count_changes')} where ${where.days}
          union all
          select 1, has_coupon::int from ${table('orders')} where ${where.firstEdge}
          union all
          select 1, has_coupon::int from ${table('orders')} where ${where.lastEdge}
        ), totals as (
          select coalesce(sum(n), 0)::int as total_orders, coalesce(sum(w), 0)::int as orders_with_coupon
          from counted
        )
        select totals.*,
          (select count(*)::int from g) as total,
          (select coalesce(sum(cents), 0)::text from g) as discount_cents,
          (select coalesce(json_agg(json_build_array(${groupColumns}, uses, cents) order by ${sort}), '[]'::json)
            from (select * from g order by ${sort} limit ${limit} offset ${offset}) p) as items
        from totals`;
      const rows = await grouped<{
        total_orders: number;
        orders_with_coupon: number;
        total: number;
        discount_cents: string;
        items: ItemTuple[];
      }>(db, sql, params);
      const row = rows[0]!;
      return {
        summary: {
          totalOrders: row.total_orders,
          ordersWithCoupon: row.orders_with_coupon,
          discountCents: Number(row.discount_cents),
        },
        rows: row.items.map(([code, discountType, discountAmount, currency, uses, discountCents]) => ({
          code,
          discountType,
          discountAmount: Number(discountAmount),
          currency,
          uses,
          discountCents: Number(discountCents),
        })),
        total: row.total,
      };
    },

    async *reportRows(query): AsyncGenerator<CouponUsageRow> {
      const sort = orderBy(query.sort);
      let last: BatchRow | undefined;
      for (;;) {
        const { where, params } = redemptionClause(query);
        const keyset = last ? `where ${after(query.sort, last, params)}` : '';
        const sql = `
          with g as (
            select ${groupColumns}, count(*)::int as uses, sum(discount_cents)::bigint as cents
            from ${table('coupon_redemptions')} where ${where} group by ${groupColumns}
          )
          select code, discount_type, discount_amount::text as amount_text, currency, uses, cents::text as cents_text
          from g ${keyset} order by ${sort} limit ${batchSize}`;
        const rows = await grouped<BatchRow>(db, sql, params);
        for (const row of rows) {
          yield {
            code: row.code,
            discountType: row.discount_type,
            discountAmount: Number(row.amount_text),
            currency: row.currency,
            uses: row.uses,
            discountCents: Number(row.cents_text),
          };
        }
        if (rows.length < batchSize) return;
        last = rows.at(-1);
      }
    },
  };
}
