import type { Migration } from './migration';

/**
 * What the message log (`GET /v2/deliveries`, `deliveries.listDeliveries`) reads: an affiliate's
 * deliveries newest first, ids in byte order (`"C"`). `deliveries_list` serves the whole
 * affiliate; `deliveries_webhook` gains the same order after its state, so one webhook's page is
 * one range per state (merged, at most four) and the index the worker's per-webhook updates use
 * (defer, cancel, recover: a webhook's deliveries in one state) is the same one, not a second.
 * Every index on `deliveries` is written again by each claim and outcome (they change indexed
 * columns), so the log adds one, not two. Built in the migration's transaction (not
 * `concurrently`): on a large outbox, apply it while traffic is low.
 */
export const deliveryLogMigration: Migration = {
  version: 17,
  name: 'delivery-log',
  sql: `
    create index deliveries_list on {s}.deliveries (affiliate_id, created_at desc, id collate "C" desc);
    drop index {s}.deliveries_webhook;
    create index deliveries_webhook
      on {s}.deliveries (affiliate_id, webhook_id, status, created_at desc, id collate "C" desc);
  `,
};
