import type { Affiliate } from '@affiliate-commerce/core';
import type { AffiliateStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface AffiliateRow {
  id: string;
  name: string;
  ecommerce_enabled: boolean;
  created_at: Date;
}

const toAffiliate = (row: AffiliateRow): Affiliate => ({
  id: row.id,
  name: row.name,
  ecommerceEnabled: row.ecommerce_enabled,
  createdAt: row.created_at,
});

/** The affiliate store on PostgreSQL. @example postgresAffiliateStore(db, 'affiliate_commerce') */
export function postgresAffiliateStore(db: Db, schema: string): AffiliateStore {
  const upsert = withSchema(
    `insert into {s}.affiliates (id, name, ecommerce_enabled, created_at) values ($1, $2, $3, $4)
     on conflict (id) do update set name = excluded.name, ecommerce_enabled = excluded.ecommerce_enabled`,
    schema,
  );
  const get = withSchema('select * from {s}.affiliates where id = $1', schema);
  return {
    async upsert({ affiliate }) {
      await db.query(upsert, [affiliate.id, affiliate.name, affiliate.ecommerceEnabled, affiliate.createdAt]);
    },
    async get({ affiliateId }) {
      const { rows } = await db.query<AffiliateRow>(get, [affiliateId]);
      return rows[0] && toAffiliate(rows[0]);
    },
  };
}
