import type { Migration } from './migration';

/**
 * What an endpoint can ask of its deliveries: its own request headers (sealed), a payload filter
 * (stored as given and compiled to a SQL/JSON path the publish statement matches), a rate, and
 * ordering per entity. Deliveries of an ordered webhook carry their entity and a sequence number
 * in publication order; events remember which webhooks' filters held them back. Every column is
 * added without a default that would rewrite a large outbox.
 */
export const endpointControlsMigration: Migration = {
  version: 16,
  name: 'endpoint-controls',
  sql: `
    alter table {s}.webhooks add column headers jsonb;
    alter table {s}.webhooks add column filter jsonb;
    alter table {s}.webhooks add column filter_path jsonpath;
    alter table {s}.webhooks add column rate_limit integer;
    alter table {s}.webhooks add column ordering text;
    alter table {s}.webhooks add column throttled_until timestamptz;

    create sequence {s}.deliveries_seq;
    alter table {s}.deliveries add column ordering_key text;
    alter table {s}.deliveries add column seq bigint;
    alter table {s}.deliveries alter column seq set default nextval('{s}.deliveries_seq');
    create index deliveries_ordering on {s}.deliveries (webhook_id, ordering_key, seq)
      where status = 'pending' and ordering_key is not null;

    alter table {s}.events add column filtered_out text[];
  `,
};
