import type { Migration } from './migration';

/**
 * What the event list reads when it is asked for a few event types: an affiliate's events of one
 * type newest first, in the order of `events_list`. A page of a few types is then one short range
 * per type, merged, instead of the affiliate's whole range read until enough rows match. Built in
 * the migration's transaction (not `concurrently`): on a large outbox, apply it while traffic is low.
 */
export const eventTypeListMigration: Migration = {
  version: 15,
  name: 'event-type-list',
  sql: `
    create index events_type_list on {s}.events (affiliate_id, event_type, occurred_at desc, id collate "C" desc);
  `,
};
