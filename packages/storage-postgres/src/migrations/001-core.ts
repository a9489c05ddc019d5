import type { Migration } from './migration';

/** Affiliates and subscriptions. */
export const coreMigration: Migration = {
  version: 1,
  name: 'core',
  sql: `
    create table {s}.affiliates (
      id text primary key,
      name text not null,
      ecommerce_enabled boolean not null default true,
      created_at timestamptz not null
    );

    create table {s}.subscriptions (
      affiliate_id text not null,
      id text not null,
      status text not null,
      cadence_interval text not null check (cadence_interval in ('day', 'week', 'month', 'year')),
      cadence_count integer not null check (cadence_count > 0),
      next_billing_date timestamptz not null,
      end_date timestamptz,
      patient_id text,
      parent_order_id text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (affiliate_id, id)
    );
  `,
};
