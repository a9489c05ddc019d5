import type { Subscription } from '@affiliate-commerce/core';
import type { SubscriptionStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface SubscriptionRow {
  affiliate_id: string;
  id: string;
  status: string;
  cadence_interval: Subscription['cadence']['interval'];
  cadence_count: number;
  next_billing_date: Date;
  end_date: Date | null;
  patient_id: string | null;
  parent_order_id: string | null;
  created_at: Date;
  updated_at: Date;
}

function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    status: row.status,
    cadence: { interval: row.cadence_interval, count: row.cadence_count },
    nextBillingDate: row.next_billing_date,
    ...(row.end_date ? { endDate: row.end_date } : {}),
    ...(row.patient_id ? { patientId: row.patient_id } : {}),
    ...(row.parent_order_id ? { parentOrderId: row.parent_order_id } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The subscription store on PostgreSQL. @example postgresSubscriptionStore(db, 'affiliate_commerce') */
export function postgresSubscriptionStore(db: Db, schema: string): SubscriptionStore {
  const upsert = withSchema(
    `insert into {s}.subscriptions (affiliate_id, id, status, cadence_interval, cadence_count, next_billing_date,
       end_date, patient_id, parent_order_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     on conflict (affiliate_id, id) do update set status = excluded.status, cadence_interval = excluded.cadence_interval,
       cadence_count = excluded.cadence_count, next_billing_date = excluded.next_billing_date, end_date = excluded.end_date,
       patient_id = excluded.patient_id, parent_order_id = excluded.parent_order_id, created_at = excluded.created_at,
       updated_at = excluded.updated_at`,
    schema,
  );
  const get = withSchema('select * from {s}.subscriptions where affiliate_id = $1 and id = $2', schema);
  // One statement, so the compare-and-set and the endDate shift cannot be split by a concurrent write.
  // The compare is at millisecond precision, the precision `get` reads: a date written with
  // microseconds by SQL outside the SDK would otherwise never match and every retry would lose.
  const move = withSchema(
    `update {s}.subscriptions
       set next_billing_date = $4, end_date = end_date + ($4::timestamptz - $3::timestamptz), updated_at = $5
     where affiliate_id = $1 and id = $2 and date_trunc('milliseconds', next_billing_date) = $3
     returning *`,
    schema,
  );
  return {
    async upsert({ subscription: s }) {
      await db.query(upsert, [
        s.affiliateId,
        s.id,
        s.status,
        s.cadence.interval,
        s.cadence.count,
        s.nextBillingDate,
        s.endDate ?? null,
        s.patientId ?? null,
        s.parentOrderId ?? null,
        s.createdAt,
        s.updatedAt,
      ]);
    },
    async get({ affiliateId, id }) {
      const { rows } = await db.query<SubscriptionRow>(get, [affiliateId, id]);
      return rows[0] && toSubscription(rows[0]);
    },
    async moveRenewal({ affiliateId, id, from, to, updatedAt }) {
      const { rows } = await db.query<SubscriptionRow>(move, [affiliateId, id, from, to, updatedAt]);
      return rows[0] && toSubscription(rows[0]);
    },
  };
}
