import type { Migration } from './migration';

/**
 * The coupon report's order counts per day are added when the transaction that wrote the order
 * commits, not when the order row is written. Every order of an affiliate on one day and campaign
 * adds to the same counter row, so the row lock its upsert takes was held, before, from the
 * order's write to its commit, across the rest of the transaction (coupon redemptions, events,
 * and the caller's own work between statements): concurrent orders queued behind each other
 * there. Deferred, the lock is held only while the transaction commits. Row triggers see the
 * old and new rows of each change, so an order written and changed in one transaction still
 * counts once.
 */
export const deferredDayCountsMigration: Migration = {
  version: 19,
  name: 'deferred-day-counts',
  sql: `
    drop trigger orders_day_counts_insert_delete on {s}.orders;
    drop trigger orders_day_counts_update on {s}.orders;
    create constraint trigger orders_day_counts_insert_delete after insert or delete on {s}.orders
      deferrable initially deferred
      for each row execute function {s}.order_day_counts_apply();
    create constraint trigger orders_day_counts_update after update on {s}.orders
      deferrable initially deferred
      for each row when (old.created_at is distinct from new.created_at
        or old.campaign_id is distinct from new.campaign_id
        or old.product_variation_ids is distinct from new.product_variation_ids
        or old.has_coupon is distinct from new.has_coupon)
      execute function {s}.order_day_counts_apply();
  `,
};
