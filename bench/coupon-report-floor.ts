import type pg from 'pg';

/** What the floor statements answer: the same query the service is asked. */
export interface FloorQuery {
  readonly affiliateId: string;
  readonly start: Date;
  /** Inclusive, to the millisecond, as the service's range. */
  readonly end: Date;
  readonly sortBy: 'uses' | 'revenueImpact' | 'coupon';
  readonly sortOrder: 'asc' | 'desc';
  readonly page: number;
  readonly limit: number;
  readonly productVariationId?: string | undefined;
}

interface Statement {
  readonly text: string;
  readonly params: unknown[];
}

/** The service's JSON answer, the parts a floor must reproduce. */
interface Answer {
  data: {
    summary: { ordersWithCoupon: number; totalOrders: number; totalDiscounted: number };
    items: {
      coupon: string;
      discount: { amount: number; type: string };
      uses: number;
      revenueImpact: number;
    }[];
    pagination: { total: number };
  };
}

interface FloorRow {
  total_orders: number;
  orders_with_coupon: number;
  total: number;
  total_cents: string;
  code: string | null;
  discount_type: string;
  amount: string;
  uses: number;
  cents: string;
}

function orderBy(q: FloorQuery): string {
  const tail = 'discount_type, discount_amount, currency';
  if (q.sortBy === 'coupon') return `code ${q.sortOrder}, ${tail}`;
  if (q.sortBy === 'uses') return `uses ${q.sortOrder}, code, ${tail}`;
  return `cents ${q.sortOrder === 'asc' ? 'desc' : 'asc'}, code, ${tail}`;
}

const dayMs = 86_400_000;

function base(schema: string, q: FloorQuery, withDays = true) {
  const startMs = q.start.getTime();
  const endMs = q.end.getTime();
  let firstDay = Math.ceil(startMs / dayMs) * dayMs;
  let lastDay = Math.floor((endMs + 1) / dayMs) * dayMs;
  if (firstDay >= lastDay) firstDay = lastDay = startMs;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const params: unknown[] = [q.affiliateId, q.start, q.end];
  let product = '';
  if (q.productVariationId) {
    params.push(q.productVariationId);
    product = ` and product_variation_ids @> array[$${params.length}::text]`;
  }
  if (withDays)
    params.push(
      new Date(firstDay),
      new Date(lastDay),
      day(firstDay),
      day(lastDay),
      q.productVariationId ?? '',
    );
  const d = params.length;
  params.push(q.limit, (q.page - 1) * q.limit);
  const n = params.length;
  return {
    s: `"${schema}"`,
    params,
    limit: `$${n - 1}`,
    offset: `$${n}`,
    redemptions: `affiliate_id = $1 and redeemed_at >= $2 and redeemed_at <= $3${product}`,
    orders: `affiliate_id = $1 and created_at >= $2 and created_at <= $3${product}`,
    /** Order counts from the day counts for whole UTC days, and from the orders for the partial edge days. */
    counts: (s: string) => `
      select sum(n)::int as total_orders, sum(w)::int as orders_with_coupon from (
        select order_count as n, coupon_order_count as w from ${s}.order_day_counts
          where affiliate_id = $1 and product_variation_id = $${d} and day >= $${d - 2}::date and day < $${d - 1}::date
        union all
        select count(*), count(*) filter (where has_coupon) from ${s}.orders
          where affiliate_id = $1 and created_at >= $2 and created_at < $${d - 4}${product}
        union all
        select count(*), count(*) filter (where has_coupon) from ${s}.orders
          where affiliate_id = $1 and created_at >= $${d - 3} and created_at <= $3${product}
      ) c`,
    sort: orderBy(q),
  };
}

const groupedPage = (b: ReturnType<typeof base>) => `
  select code, discount_type, discount_amount::text as amount, currency, count(*)::int as uses,
    sum(discount_cents)::bigint as cents, (count(*) over ())::int as total,
    (sum(sum(discount_cents)) over ())::text as total_cents
  from ${b.s}.coupon_redemptions where ${b.redemptions}
  group by code, discount_type, discount_amount, currency
  order by ${b.sort} limit ${b.limit} offset ${b.offset}`;

/**
 * Hand-written statements for one report page. Each returns the page's rows with the summary
 * repeated on every row (the shape a hand-written query would take). The first two use the day
 * counts the schema keeps; the last counts orders from the orders table alone, for reference.
 */
const pageVariants: { name: string; build: (schema: string, q: FloorQuery) => Statement }[] = [
  {
    name: 'day counts + window totals over the grouped scan',
    build(schema, q) {
      const b = base(schema, q);
      return { params: b.params, text: `select c.*, p.* from (${b.counts(b.s)}) c, (${groupedPage(b)}) p` };
    },
  },
  {
    name: 'day counts + grouped CTE, page by lateral join',
    build(schema, q) {
      const b = base(schema, q);
      return {
        params: b.params,
        text: `
          with g as (
            select code, discount_type, discount_amount, currency, count(*)::int as uses,
              sum(discount_cents)::bigint as cents
            from ${b.s}.coupon_redemptions where ${b.redemptions}
            group by code, discount_type, discount_amount, currency
          )
          select c.*, (select count(*)::int from g) as total, (select sum(cents)::text from g) as total_cents,
            p.code, p.discount_type, p.discount_amount::text as amount, p.uses, p.cents
          from (${b.counts(b.s)}) c
          left join lateral (select * from g order by ${b.sort} limit ${b.limit} offset ${b.offset}) p on true`,
      };
    },
  },
  {
    name: 'orders counted from the orders table + window totals',
    build(schema, q) {
      const b = base(schema, q, false);
      return {
        params: b.params,
        text: `
          select (select count(*)::int from ${b.s}.orders where ${b.orders}) as total_orders,
            (select count(*) filter (where has_coupon)::int from ${b.s}.orders where ${b.orders}) as orders_with_coupon,
            p.*
          from (${groupedPage(b)}) p`,
      };
    },
  },
];

function matches(rows: FloorRow[], answer: Answer): boolean {
  const { summary, items, pagination } = answer.data;
  const first = rows[0];
  const pageRows = rows.filter((row) => row.code !== null);
  if (!first && pagination.total > 0) return false;
  if (first && first.total_orders !== summary.totalOrders) return false;
  if (first && first.orders_with_coupon !== summary.ordersWithCoupon) return false;
  if (first?.total !== undefined && first.total !== null && first.total !== pagination.total) return false;
  if (first?.total_cents != null && Number(first.total_cents) / 100 !== summary.totalDiscounted) return false;
  if (pageRows.length !== items.length) return false;
  return pageRows.every((row, i) => {
    const item = items[i]!;
    return (
      row.code === item.coupon &&
      Number(row.amount) === item.discount.amount &&
      row.discount_type === item.discount.type &&
      row.uses === item.uses &&
      -Number(row.cents) / 100 === (item.revenueImpact === 0 ? -0 : item.revenueImpact)
    );
  });
}

/**
 * The floor statements of the coupon report benchmark.
 *
 * @example
 * const best = await floors.fastestPage(pool, schema, query, serviceAnswer);
 */
export const floors = {
  pageVariants,

  /** Times every variant (5 runs after a warm-up), checks it gives the service's answer, and returns the fastest. */
  async fastestPage(pool: pg.Pool, schema: string, q: FloorQuery, answer: Answer) {
    let best: (Statement & { name: string; ms: number }) | undefined;
    for (const variant of pageVariants) {
      const statement = variant.build(schema, q);
      const { rows } = await pool.query<FloorRow>(statement.text, statement.params);
      if (!matches(rows, answer)) {
        throw new Error(
          `floor "${variant.name}" does not give the service's answer: ${JSON.stringify(rows.slice(0, 3))}`,
        );
      }
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        await pool.query(statement.text, statement.params);
        times.push(performance.now() - started);
      }
      const ms = times.sort((a, b) => a - b)[2]!;
      if (!best || ms < best.ms) best = { ...statement, name: variant.name, ms };
    }
    return best!;
  },

  /** Every row of the report in one statement, for the CSV floor. */
  allRows(schema: string, q: FloorQuery): Statement {
    const b = base(schema, q);
    return {
      params: base(schema, q, false).params.slice(0, -2),
      text: `
        select code, discount_type, discount_amount::text as amount, currency, count(*)::int as uses,
          sum(discount_cents)::bigint as cents
        from ${b.s}.coupon_redemptions where ${b.redemptions}
        group by code, discount_type, discount_amount, currency
        order by ${b.sort}`,
    };
  },
};
