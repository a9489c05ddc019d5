import type { Migration } from './migration';

/**
 * The claim reads due deliveries in `(next_attempt_at, id)` order with a limit. Indexing both
 * columns lets it stop after `limit` rows instead of reading and sorting every due row, which
 * with a backlog made each claim cost as much as the whole backlog. Free room on each page lets
 * the lease update (columns in no index) stay a heap-only update.
 */
export const outboxClaimOrderMigration: Migration = {
  version: 10,
  name: 'outbox-claim-order',
  sql: `
    drop index {s}.deliveries_due;
    create index deliveries_due on {s}.deliveries (next_attempt_at, id) where status = 'pending';
    alter table {s}.deliveries set (fillfactor = 80);
  `,
};
