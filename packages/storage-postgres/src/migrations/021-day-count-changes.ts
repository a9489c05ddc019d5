import type { Migration } from './migration';

/**
 * An order no longer updates a counter row of the coupon report. Every order of an affiliate on
 * one day (and campaign) used to add to the same `order_day_counts` row, so concurrent orders of
 * one affiliate took turns on that row's lock as they committed, and the row's versions piled up
 * until vacuum. Now the trigger appends what an order changes to `order_day_count_changes`, rows
 * no other order touches; the report adds them to `order_day_counts`, and folds them into it in
 * the same statement (one report at a time per affiliate), so the changes stay few.
 */
export const dayCountChangesMigration: Migration = {
  version: 21,
  name: 'day-count-changes',
  sql: `
    create table {s}.order_day_count_changes (
      affiliate_id text not null,
      product_variation_id text not null,
      day date not null,
      campaign_id text not null,
      order_count integer not null,
      coupon_order_count integer not null
    );
    create index order_day_count_changes_days
      on {s}.order_day_count_changes (affiliate_id, product_variation_id, day, campaign_id);

    create or replace function {s}.order_day_counts_apply() returns trigger language plpgsql as $$
    begin
      insert into {s}.order_day_count_changes
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
      having sum(d.n) <> 0 or sum(d.w) <> 0;
      return null;
    end $$;
  `,
};
