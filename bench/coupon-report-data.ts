import type pg from 'pg';

/**
 * A uniform number in [0, 1) from the row number (Knuth's multiplicative hash), so the data is
 * the same on every run without a random seed.
 */
const unit = (g: string) => `((${g}::bigint * 2654435761) % 4294967296) / 4294967296.0`;
// Truncated to milliseconds, as the stores write JavaScript dates.
const createdAt = (g: string) =>
  `date_trunc('milliseconds', $1::timestamptz - make_interval(secs => ${unit(g)} * 365 * 86400))`;

/**
 * Fills the bench schema with 1,000,000 orders over the 365 days before `now` and 300,000 coupon
 * redemptions (on orders whose number ends in 0, 3 or 7), in two INSERT ... SELECT FROM
 * generate_series statements, builds the day counts with one grouped insert (the bulk-load path:
 * the per-row trigger is off meanwhile), then VACUUM ANALYZE so the planner and the visibility
 * map are as on a settled production table.
 */
export async function generateCouponData(pool: pg.Pool, schema: string, affiliateId: string, now: Date) {
  const s = `"${schema}"`;
  const started = performance.now();
  // A bulk load skips the per-row trigger and builds the day counts once, with one grouped insert.
  await pool.query(`alter table ${s}.orders disable trigger orders_day_counts_insert_delete`);
  await pool.query(
    `insert into ${s}.orders (affiliate_id, id, status, created_at, updated_at, is_renewal, cycle_number,
       total_cents, currency, products, product_variation_ids, campaign_id, has_coupon)
     select $2, 'ord_' || g, (array['paid','completed','processing','refunded','cancelled'])[1 + g % 5],
       ${createdAt('g')}, $1, g % 5 = 0, case when g % 5 = 0 then 2 + g % 6 end,
       1000 + (g * 37) % 9000, 'USD',
       jsonb_build_array(jsonb_build_object('productVariationId', 'pv_' || (g % 50), 'quantity', 1,
         'unitPriceCents', 1000 + (g * 37) % 9000, 'isAddon', false)),
       array['pv_' || (g % 50)], case when g % 4 = 0 then 'cmp_' || (g % 20) end, g % 10 in (0, 3, 7)
     from generate_series(1, 1000000) g`,
    [now, affiliateId],
  );
  // 70 % of redemptions use one of 200 shared codes (a third of them fixed $10, the rest 5-25 %),
  // 30 % a single-use code, as referral and apology codes are.
  await pool.query(
    `insert into ${s}.coupon_redemptions (affiliate_id, id, order_id, position, code, discount_type,
       discount_amount, discount_cents, currency, redeemed_at, campaign_id, product_variation_ids)
     select $2, 'red_' || g, 'ord_' || g, 0,
       case when g % 10 = 7 then 'U' || g else 'CODE' || lpad(((g * 7) % 200)::text, 3, '0') end,
       case when g % 10 = 7 or ((g * 7) % 200) % 3 = 0 then 'fixed' else 'percent' end,
       case when g % 10 = 7 then 15 when ((g * 7) % 200) % 3 = 0 then 10 else 5 + (((g * 7) % 200) % 5) * 5 end,
       100 + (g * 13) % 2000, 'USD', created_at + make_interval(secs => g % 60), campaign_id,
       array['pv_' || (g % 50)]
     from (select g, ${createdAt('g')} as created_at, case when g % 4 = 0 then 'cmp_' || (g % 20) end as campaign_id
           from generate_series(1, 1000000) g where g % 10 in (0, 3, 7)) o`,
    [now, affiliateId],
  );
  await pool.query(
    `insert into ${s}.order_day_counts (affiliate_id, product_variation_id, day, campaign_id, order_count,
       coupon_order_count)
     select affiliate_id, pv, (created_at at time zone 'UTC')::date, coalesce(campaign_id, ''), count(*),
       count(*) filter (where has_coupon)
     from ${s}.orders, lateral (select distinct unnest(array[''] || product_variation_ids) as pv) v
     group by 1, 2, 3, 4`,
  );
  await pool.query(`alter table ${s}.orders enable trigger orders_day_counts_insert_delete`);
  await pool.query(`vacuum analyze ${s}.order_day_counts`);
  await pool.query(`vacuum analyze ${s}.orders`);
  await pool.query(`vacuum analyze ${s}.coupon_redemptions`);
  const { rows } = await pool.query(
    `select (select count(*)::int from ${s}.orders) as orders, (select count(*)::int from ${s}.coupon_redemptions) as redemptions`,
  );
  return { ms: performance.now() - started, counts: rows[0] as { orders: number; redemptions: number } };
}
