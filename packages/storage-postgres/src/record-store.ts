import type { CommerceRecord, RecordKind } from '@affiliate-commerce/core';
import type { RecordStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface RecordRow {
  affiliate_id: string;
  kind: RecordKind;
  id: string;
  status: string;
  order_id: string | null;
  patient_id: string | null;
  journey_id: string | null;
  fields: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const toRecord = (row: RecordRow): CommerceRecord => ({
  kind: row.kind,
  id: row.id,
  affiliateId: row.affiliate_id,
  status: row.status,
  ...(row.order_id ? { orderId: row.order_id } : {}),
  ...(row.patient_id ? { patientId: row.patient_id } : {}),
  ...(row.journey_id ? { journeyId: row.journey_id } : {}),
  fields: row.fields,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The commerce record store on PostgreSQL. @example postgresRecordStore(db, 'affiliate_commerce') */
export function postgresRecordStore(db: Db, schema: string): RecordStore {
  // The read of the row as it was and the write share one statement: every part of a statement
  // sees the snapshot taken before it, so `previous` is the row before this write.
  const upsert = withSchema(
    `with previous as (
       select * from {s}.commerce_records where affiliate_id = $1 and kind = $2 and id = $3
     ), written as (
       insert into {s}.commerce_records (affiliate_id, kind, id, status, order_id, patient_id, journey_id, fields,
         created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       on conflict (affiliate_id, kind, id) do update set status = excluded.status, order_id = excluded.order_id,
         patient_id = excluded.patient_id, journey_id = excluded.journey_id, fields = excluded.fields,
         updated_at = excluded.updated_at
       returning 1
     )
     select * from previous`,
    schema,
  );
  const get = withSchema(
    'select * from {s}.commerce_records where affiliate_id = $1 and kind = $2 and id = $3',
    schema,
  );
  return {
    async upsert({ record: r }) {
      const { rows } = await db.query<RecordRow>(upsert, [
        r.affiliateId,
        r.kind,
        r.id,
        r.status,
        r.orderId ?? null,
        r.patientId ?? null,
        r.journeyId ?? null,
        JSON.stringify(r.fields),
        r.createdAt,
        r.updatedAt,
      ]);
      return rows[0] && toRecord(rows[0]);
    },
    async get({ affiliateId, kind, id }) {
      const { rows } = await db.query<RecordRow>(get, [affiliateId, kind, id]);
      return rows[0] && toRecord(rows[0]);
    },
  };
}
