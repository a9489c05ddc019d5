import type { Migration } from './migration';

/**
 * The delivery circuit breaker of each webhook, a small JSON value written apart from the
 * configuration (its own compare-and-set), so a breaker change never races a user's edit.
 */
export const webhookBreakerMigration: Migration = {
  version: 11,
  name: 'webhook-breaker',
  sql: `
    alter table {s}.webhooks add column breaker jsonb;
  `,
};
