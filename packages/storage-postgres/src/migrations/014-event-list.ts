import type { Migration } from './migration';

/**
 * What the event list (`GET /v2/events`, `deliveries.listEvents`) reads: an affiliate's events
 * newest first, ids in byte order (`"C"`, whatever the database's collation) so events of the same
 * millisecond keep one order. A page, first or from a cursor either way, is one range of this
 * index. Built in the migration's transaction (not `concurrently`): on a large outbox, apply it
 * while traffic is low.
 */
export const eventListMigration: Migration = {
  version: 14,
  name: 'event-list',
  sql: `
    create index events_list on {s}.events (affiliate_id, occurred_at desc, id collate "C" desc);
  `,
};
