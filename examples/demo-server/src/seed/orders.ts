import type { RecordOrderInput, Service } from '@affiliate-commerce/core';

const day = 86_400_000;

/** A small deterministic generator (mulberry32), so every fresh demo shows the same report shape. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const products = [
  { productVariationId: 'pv_starter_kit', unitPriceCents: 4_900, isAddon: false },
  { productVariationId: 'pv_monthly_refill', unitPriceCents: 2_900, isAddon: false },
  { productVariationId: 'pv_addon_guide', unitPriceCents: 900, isAddon: true },
] as const;

const coupons = [
  { code: 'WELCOME10', discountType: 'percent', discountAmount: 10, weight: 5 },
  { code: 'SPRING15', discountType: 'percent', discountAmount: 15, weight: 3 },
  { code: 'VIP25', discountType: 'percent', discountAmount: 25, weight: 1 },
  { code: 'FLAT20', discountType: 'fixed', discountAmount: 20, weight: 2 },
  { code: 'FREESHIP', discountType: 'fixed', discountAmount: 5.99, weight: 3 },
  { code: 'BUNDLE5', discountType: 'fixed', discountAmount: 5, weight: 2 },
] as const;

const campaigns = [undefined, undefined, 'cmp_spring_email', 'cmp_social_ads'] as const;
const statuses = [
  'paid',
  'paid',
  'completed',
  'completed',
  'completed',
  'processing',
  'refunded',
  'cancelled',
] as const;

type OrderInput = RecordOrderInput['order'];

function pick<T>(next: () => number, from: readonly T[]): T {
  return from[Math.floor(next() * from.length)]!;
}

function pickCoupon(next: () => number) {
  const total = coupons.reduce((sum, coupon) => sum + coupon.weight, 0);
  let ticket = next() * total;
  for (const coupon of coupons) {
    ticket -= coupon.weight;
    if (ticket < 0) return coupon;
  }
  return coupons[0];
}

/** One order placed at `placedAt`; about 40 % of orders carry a coupon. */
function demoOrder(next: () => number, id: string, placedAt: Date): OrderInput {
  const lines = products
    .filter((product) => next() < (product.isAddon ? 0.35 : 0.6))
    .map((product) => ({ ...product, quantity: product.isAddon ? 1 : 1 + Math.floor(next() * 2) }));
  if (lines.length === 0) lines.push({ ...products[1], quantity: 1 });
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const campaignId = pick(next, campaigns);
  const coupon = next() < 0.4 ? pickCoupon(next) : undefined;
  const discountCents = !coupon
    ? 0
    : coupon.discountType === 'percent'
      ? Math.round((subtotal * coupon.discountAmount) / 100)
      : Math.min(subtotal, Math.round(coupon.discountAmount * 100));
  const renewal = next() < 0.2;
  return {
    id,
    status: pick(next, statuses),
    createdAt: placedAt,
    isRenewal: renewal,
    ...(renewal ? { cycleNumber: 2 + Math.floor(next() * 5) } : {}),
    totalCents: subtotal - discountCents,
    currency: 'USD',
    products: lines,
    ...(campaignId ? { campaignId } : {}),
    couponRedemptions: coupon
      ? [
          {
            code: coupon.code,
            discountType: coupon.discountType,
            discountAmount: coupon.discountAmount,
            discountCents,
            // Redeemed at checkout, a few seconds after the order opened.
            redeemedAt: new Date(placedAt.getTime() + Math.floor(next() * 30_000)),
          },
        ]
      : [],
  };
}

/**
 * About three hundred orders for `aff_demo` over the last four months (and a few for
 * `aff_other`), many with coupons, so the coupon report and its CSV show real figures.
 */
export async function seedOrders(service: Service, now: Date): Promise<void> {
  const next = random(20_261_123);
  const tenants = [
    { affiliateId: 'aff_demo', count: 320, prefix: 'ord_demo' },
    { affiliateId: 'aff_other', count: 25, prefix: 'ord_other' },
  ];
  for (const { affiliateId, count, prefix } of tenants) {
    for (let index = 1; index <= count; index += 1) {
      // Older orders thin out: more of them fall in the recent weeks, as a growing shop's would.
      const ageMs = Math.floor(next() ** 1.3 * 120 * day);
      const placedAt = new Date(now.getTime() - ageMs - 60_000);
      const id = `${prefix}_${String(index).padStart(4, '0')}`;
      await service.commerce.recordOrder({ affiliateId, order: demoOrder(next, id, placedAt) });
    }
  }
}
