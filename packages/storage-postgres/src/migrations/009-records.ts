import type { Migration } from './migration';

/** Prescriptions, pharmacy statuses, shipments, lab orders and payments, as the host reports them. */
export const recordsMigration: Migration = {
  version: 9,
  name: 'records',
  sql: `
    create table {s}.commerce_records (
      affiliate_id text not null,
      kind text not null,
      id text not null,
      status text not null,
      order_id text,
      patient_id text,
      journey_id text,
      fields jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (affiliate_id, kind, id)
    );
  `,
};
