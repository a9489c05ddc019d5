import type { Migration } from './migration';

/**
 * The operational events kept about each webhook for its affiliate (the newest 50 of each; the
 * store deletes older ones as it adds), deleted with their webhook.
 */
export const operationalEventsMigration: Migration = {
  version: 24,
  name: 'operational-events',
  sql: `
    create table {s}.operational_events (
      affiliate_id text not null,
      webhook_id text not null references {s}.webhooks (id) on delete cascade,
      id text not null,
      type text not null,
      at timestamptz not null,
      details jsonb not null,
      primary key (webhook_id, id)
    );
    create index operational_events_recent on {s}.operational_events (webhook_id, at desc, id desc);
  `,
};
