import type { Migration } from './migration';

/** Patients, for the identity block of v2 payloads. */
export const patientsMigration: Migration = {
  version: 8,
  name: 'patients',
  sql: `
    create table {s}.patients (
      affiliate_id text not null,
      id text not null,
      external_id text,
      marketing_consent boolean not null default false,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (affiliate_id, id)
    );
    -- is_returning_patient looks up a patient's other orders.
    create index orders_by_patient on {s}.orders (affiliate_id, patient_id) where patient_id is not null;
  `,
};
