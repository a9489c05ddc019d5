import type { CouponRedemption, Order, OrderProduct } from '@affiliate-commerce/core';
import type { OrderStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface OrderRow {
  affiliate_id: string;
  id: string;
  status: Order['status'];
  created_at: Date;
  updated_at: Date;
  patient_id: string | null;
  journey_id: string | null;
  subscription_id: string | null;
  parent_order_id: string | null;
  is_renewal: boolean;
  cycle_number: number | null;
  total_cents: string | number;
  currency: string;
  products: OrderProduct[];
  campaign_id: string | null;
}

interface RedemptionRow {
  affiliate_id: string;
  id: string;
  order_id: string;
  code: string;
  discount_type: CouponRedemption['discountType'];
  discount_amount: string | number;
  discount_cents: string | number;
  currency: string;
  redeemed_at: Date;
  campaign_id: string | null;
  product_variation_ids: string[];
}

function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.patient_id === null ? {} : { patientId: row.patient_id }),
    ...(row.journey_id === null ? {} : { journeyId: row.journey_id }),
    ...(row.subscription_id === null ? {} : { subscriptionId: row.subscription_id }),
    ...(row.parent_order_id === null ? {} : { parentOrderId: row.parent_order_id }),
    isRenewal: row.is_renewal,
    ...(row.cycle_number === null ? {} : { cycleNumber: row.cycle_number }),
    totalCents: Number(row.total_cents),
    currency: row.currency,
    products: row.products,
    ...(row.campaign_id === null ? {} : { campaignId: row.campaign_id }),
  };
}

function toRedemption(row: RedemptionRow): CouponRedemption {
  return {
    id: row.id,
    affiliateId: row.affiliate_id,
    orderId: row.order_id,
    code: row.code,
    discountType: row.discount_type,
    discountAmount: Number(row.discount_amount),
    discountCents: Number(row.discount_cents),
    currency: row.currency,
    redeemedAt: row.redeemed_at,
    ...(row.campaign_id === null ? {} : { campaignId: row.campaign_id }),
    productVariationIds: row.product_variation_ids,
  };
}

/** The order store on PostgreSQL. @example postgresOrderStore(db, 'affiliate_commerce') */
export function postgresOrderStore(db: Db, schema: string): OrderStore {
  // The order as it was, its write and its redemptions' in one statement, so saving an order is
  // one round trip. Every part of a statement sees the snapshot taken before it: `previous` is the
  // row before this write, and the foreign key of a redemption is checked once the statement has
  // written its order. A re-recorded order keeps the redemptions it names again (updated in place)
  // and loses the others; one statement cannot delete a row and insert its key again.
  const saveOrder = withSchema(
    `with previous as (
       select * from {s}.orders where affiliate_id = $1 and id = $2
     ), written as (
       insert into {s}.orders as o (affiliate_id, id, status, created_at, updated_at, patient_id, journey_id,
         subscription_id, parent_order_id, is_renewal, cycle_number, total_cents, currency, products,
         product_variation_ids, campaign_id, has_coupon)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15::text[], $16, $17)
       on conflict (affiliate_id, id) do update set status = excluded.status,
         created_at = case when $18 then o.created_at else excluded.created_at end,
         updated_at = excluded.updated_at, patient_id = excluded.patient_id, journey_id = excluded.journey_id,
         subscription_id = excluded.subscription_id, parent_order_id = excluded.parent_order_id,
         is_renewal = excluded.is_renewal, cycle_number = excluded.cycle_number,
         total_cents = excluded.total_cents, currency = excluded.currency, products = excluded.products,
         product_variation_ids = excluded.product_variation_ids, campaign_id = excluded.campaign_id,
         has_coupon = excluded.has_coupon
       returning 1
     ), dropped as (
       delete from {s}.coupon_redemptions
       where affiliate_id = $1 and order_id = $2 and id <> all($20::text[]) and exists (select from previous)
     ), redeemed as (
       insert into {s}.coupon_redemptions as c (affiliate_id, id, order_id, position, code, discount_type,
         discount_amount, discount_cents, currency, redeemed_at, campaign_id, product_variation_ids)
       select $1, r.id, $2, r.position, r.code, r.discount_type, r.discount_amount, r.discount_cents, r.currency,
         r.redeemed_at, r.campaign_id, array(select jsonb_array_elements_text(r.product_variation_ids))
       from jsonb_to_recordset($19::jsonb) as r(id text, position integer, code text, discount_type text,
         discount_amount numeric, discount_cents bigint, currency text, redeemed_at timestamptz,
         campaign_id text, product_variation_ids jsonb)
       on conflict (affiliate_id, order_id, id) do update set position = excluded.position, code = excluded.code,
         discount_type = excluded.discount_type, discount_amount = excluded.discount_amount,
         discount_cents = excluded.discount_cents, currency = excluded.currency,
         redeemed_at = excluded.redeemed_at, campaign_id = excluded.campaign_id,
         product_variation_ids = excluded.product_variation_ids
     )
     select * from previous`,
    schema,
  );
  const get = withSchema('select * from {s}.orders where affiliate_id = $1 and id = $2', schema);
  const redemptions = withSchema(
    'select * from {s}.coupon_redemptions where affiliate_id = $1 and order_id = $2 order by position',
    schema,
  );
  const setStatus = withSchema(
    `update {s}.orders set status = $3, updated_at = $4 where affiliate_id = $1 and id = $2 returning *`,
    schema,
  );
  return {
    async save({ order, couponRedemptions, keepCreatedAt = false }) {
      const redemptions = couponRedemptions.map((r, position) => ({
        id: r.id,
        position,
        code: r.code,
        discount_type: r.discountType,
        discount_amount: r.discountAmount,
        discount_cents: r.discountCents,
        currency: r.currency,
        redeemed_at: r.redeemedAt.toISOString(),
        campaign_id: r.campaignId ?? null,
        product_variation_ids: r.productVariationIds,
      }));
      const { rows } = await db.query<OrderRow>(saveOrder, [
        order.affiliateId,
        order.id,
        order.status,
        order.createdAt,
        order.updatedAt,
        order.patientId ?? null,
        order.journeyId ?? null,
        order.subscriptionId ?? null,
        order.parentOrderId ?? null,
        order.isRenewal,
        order.cycleNumber ?? null,
        order.totalCents,
        order.currency,
        JSON.stringify(order.products),
        order.products.map((product) => product.productVariationId),
        order.campaignId ?? null,
        couponRedemptions.length > 0,
        keepCreatedAt,
        JSON.stringify(redemptions),
        couponRedemptions.map((r) => r.id),
      ]);
      return rows[0] && toOrder(rows[0]);
    },
    async get({ affiliateId, id }) {
      const { rows } = await db.query<OrderRow>(get, [affiliateId, id]);
      return rows[0] && toOrder(rows[0]);
    },
    async couponRedemptions({ affiliateId, orderId }) {
      const { rows } = await db.query<RedemptionRow>(redemptions, [affiliateId, orderId]);
      return rows.map(toRedemption);
    },
    async setStatus({ affiliateId, id, status, updatedAt }) {
      const { rows } = await db.query<OrderRow>(setStatus, [affiliateId, id, status, updatedAt]);
      return rows[0] && toOrder(rows[0]);
    },
  };
}
