import type { Migration } from './migration';

/**
 * Ecommerce orders and their coupon redemptions, with what the coupon report needs.
 *
 * - Text the report sorts or groups on uses the "C" collation, so PostgreSQL orders it by UTF-8
 *   bytes exactly as the in-memory store does, whatever the database's default collation.
 * - `coupon_redemptions_report` covers every column the report reads, so the report's grouped
 *   query is an index-only range scan over (affiliate, redeemed_at) when the product filter is
 *   not used.
 * - `order_day_counts` holds, per affiliate, UTC day, product variation ('' = every order) and
 *   campaign ('' = none), how many orders were created and how many of them carry a coupon. A
 *   trigger keeps it exact in the transaction that writes the order (an insert, or an update
 *   that moves the order to another day, campaign, product set or coupon state), touching its
 *   rows in key order so concurrent writers never deadlock. The report counts whole days from it
 *   and scans only the partial first and last day of a range in `orders_report`.
 */
export const ordersCouponsMigration: Migration = {
  version: 3,
  name: 'orders-coupons',
  sql: `
    create table {s}.orders (
      affiliate_id text not null,
      id text not null,
      status text not null
        check (status in ('pending', 'paid', 'processing', 'completed', 'cancelled', 'refunded')),
      created_at timestamptz not null,
      updated_at timestamptz not null,
      patient_id text,
      journey_id text,
      subscription_id text,
      parent_order_id text,
      is_renewal boolean not null,
      cycle_number integer,
      total_cents bigint not null check (total_cents >= 0),
      currency text not null,
      products jsonb not null,
      product_variation_ids text[] not null,
      campaign_id text,
      has_coupon boolean not null,
      primary key (affiliate_id, id)
    );

    create index orders_report on {s}.orders (affiliate_id, created_at) include (campaign_id, has_coupon);
    create index orders_journey on {s}.orders (affiliate_id, journey_id) where journey_id is not null;

    create table {s}.coupon_redemptions (
      affiliate_id text not null,
      id text not null,
      order_id text not null,
      position integer not null,
      code text collate "C" not null,
      discount_type text collate "C" not null check (discount_type in ('percent', 'fixed')),
      discount_amount numeric(12, 2) not null check (discount_amount >= 0),
      discount_cents bigint not null check (discount_cents >= 0),
      currency text collate "C" not null,
      redeemed_at timestamptz not null,
      campaign_id text,
      product_variation_ids text[] not null,
      primary key (affiliate_id, order_id, id),
      foreign key (affiliate_id, order_id) references {s}.orders (affiliate_id, id) on delete cascade
    );

    create index coupon_redemptions_report on {s}.coupon_redemptions (affiliate_id, redeemed_at)
      include (code, discount_type, discount_amount, currency, discount_cents, campaign_id);

    create table {s}.order_day_counts (
      affiliate_id text not null,
      product_variation_id text not null,
      day date not null,
      campaign_id text not null,
      order_count integer not null,
      coupon_order_count integer not null,
      primary key (affiliate_id, product_variation_id, day, campaign_id)
    );

    create function {s}.order_day_counts_apply() returns trigger language plpgsql as $$
    begin
      insert into {s}.order_day_counts as c
        (affiliate_id, product_variation_id, day, campaign_id, order_count, coupon_order_count)
      select d.affiliate_id, d.pv, d.day, d.campaign, sum(d.n)::int, sum(d.w)::int
      from (
        select old.affiliate_id, v.pv, (old.created_at at time zone 'UTC')::date as day,
          coalesce(old.campaign_id, '') as campaign, -1 as n, -(old.has_coupon::int) as w
        from (select distinct unnest(array[''] || old.product_variation_ids) as pv) v
        where tg_op <> 'INSERT'
        union all
        select new.affiliate_id, v.pv, (new.created_at at time zone 'UTC')::date,
          coalesce(new.campaign_id, ''), 1, new.has_coupon::int
        from (select distinct unnest(array[''] || new.product_variation_ids) as pv) v
        where tg_op <> 'DELETE'
      ) d
      group by d.affiliate_id, d.pv, d.day, d.campaign
      having sum(d.n) <> 0 or sum(d.w) <> 0
      order by d.affiliate_id, d.pv, d.day, d.campaign
      on conflict (affiliate_id, product_variation_id, day, campaign_id) do update
        set order_count = c.order_count + excluded.order_count,
          coupon_order_count = c.coupon_order_count + excluded.coupon_order_count;
      return null;
    end $$;

    create trigger orders_day_counts_insert_delete after insert or delete on {s}.orders
      for each row execute function {s}.order_day_counts_apply();
    create trigger orders_day_counts_update after update on {s}.orders
      for each row when (old.created_at is distinct from new.created_at
        or old.campaign_id is distinct from new.campaign_id
        or old.product_variation_ids is distinct from new.product_variation_ids
        or old.has_coupon is distinct from new.has_coupon)
      execute function {s}.order_day_counts_apply();
  `,
};
