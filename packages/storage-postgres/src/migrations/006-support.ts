import type { Migration } from './migration';

/**
 * Support cases and the request types affiliates synced from the case system. A synced type's
 * fields are one JSON document: they are always read and replaced whole, exactly as the case
 * system described them at sync time. Cases are found by (affiliate, id); the issue-id index
 * serves status updates coming from the case system, the order index the cases of one order.
 *
 * @example
 * await migrate({ db, schema, migrations: [supportMigration] });
 */
export const supportMigration: Migration = {
  version: 6,
  name: 'support',
  sql: `
    create table {s}.support_request_types (
      affiliate_id text not null,
      request_type_id text collate "C" not null,
      name text not null,
      description text,
      fields jsonb not null,
      synced_at timestamptz not null,
      primary key (affiliate_id, request_type_id)
    );

    create table {s}.support_cases (
      affiliate_id text not null,
      id text not null,
      request_type_id text not null,
      name text not null,
      category text not null,
      order_id text,
      external_issue_id text not null,
      external_issue_key text not null,
      external_url text,
      status text not null,
      status_category text not null check (status_category in ('NEW', 'INDETERMINATE', 'DONE', 'UNDEFINED')),
      created_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (affiliate_id, id)
    );

    create index support_cases_by_issue on {s}.support_cases (external_issue_id);
    create index support_cases_by_order on {s}.support_cases (affiliate_id, order_id) where order_id is not null;
  `,
};
