import type { Patient } from '@affiliate-commerce/core';
import type { PatientStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface PatientRow {
  affiliate_id: string;
  id: string;
  external_id: string | null;
  marketing_consent: boolean;
  created_at: Date;
  updated_at: Date;
}

const toPatient = (row: PatientRow): Patient => ({
  id: row.id,
  affiliateId: row.affiliate_id,
  ...(row.external_id ? { externalId: row.external_id } : {}),
  marketingConsent: row.marketing_consent,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The patient store on PostgreSQL. @example postgresPatientStore(db, 'affiliate_commerce') */
export function postgresPatientStore(db: Db, schema: string): PatientStore {
  const upsert = withSchema(
    `insert into {s}.patients (affiliate_id, id, external_id, marketing_consent, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (affiliate_id, id) do update set external_id = excluded.external_id,
       marketing_consent = excluded.marketing_consent, updated_at = excluded.updated_at`,
    schema,
  );
  const get = withSchema('select * from {s}.patients where affiliate_id = $1 and id = $2', schema);
  const returning = withSchema(
    `select exists (
       select 1 from {s}.orders
       where affiliate_id = $1 and patient_id = $2 and id is distinct from $3
         and status in ('paid', 'processing', 'completed')
     ) as returning`,
    schema,
  );
  return {
    async upsert({ patient: p }) {
      await db.query(upsert, [
        p.affiliateId,
        p.id,
        p.externalId ?? null,
        p.marketingConsent,
        p.createdAt,
        p.updatedAt,
      ]);
    },
    async get({ affiliateId, id }) {
      const { rows } = await db.query<PatientRow>(get, [affiliateId, id]);
      return rows[0] && toPatient(rows[0]);
    },
    async isReturning({ affiliateId, patientId, excludeOrderId }) {
      const { rows } = await db.query<{ returning: boolean }>(returning, [
        affiliateId,
        patientId,
        excludeOrderId ?? null,
      ]);
      return rows[0]?.returning === true;
    },
  };
}
