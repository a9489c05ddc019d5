import type { Migration } from './migration';

/**
 * What retention (`deliveries.prune`) and recovery (`deliveries.recover`) read. Finished deliveries
 * by when they last changed (the partial index leaves pending rows, which the claim reads, out);
 * the attempts of a delivery; the deliveries of an event, so an event no delivery refers to is
 * found without a scan; events by age. Built in the migration's transaction (not `concurrently`):
 * on a large outbox, apply it while traffic is low.
 */
export const outboxRetentionMigration: Migration = {
  version: 12,
  name: 'outbox-retention',
  sql: `
    create index deliveries_finished on {s}.deliveries (updated_at) where status <> 'pending';
    create index deliveries_event on {s}.deliveries (affiliate_id, event_id);
    create index delivery_attempts_delivery on {s}.delivery_attempts (affiliate_id, delivery_id);
    create index events_occurred on {s}.events (occurred_at);
  `,
};
