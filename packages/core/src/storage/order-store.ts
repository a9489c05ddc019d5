/** Every status an ecommerce order can have; any may follow any (docs/api.md §3.3). */
export const orderStatuses = ['pending', 'paid', 'processing', 'completed', 'cancelled', 'refunded'] as const;

/** The status of an ecommerce order. */
export type OrderStatus = (typeof orderStatuses)[number];

/** One line of an order, in the shape of docs/api.md §2.7 (money in integer cents). */
export interface OrderProduct {
  readonly productVariationId: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly isAddon: boolean;
}

/**
 * An ecommerce order as the host's commerce back end records it. Other capabilities build on it:
 * webhooks emit order events from it, attribution joins on `journeyId`, the coupon report counts
 * orders on `createdAt` (docs/api.md §2.5).
 */
export interface Order {
  readonly id: string;
  readonly affiliateId: string;
  readonly status: OrderStatus;
  /** When the order was placed, as the host reports it. */
  readonly createdAt: Date;
  /** When this service last stored a change to it. */
  readonly updatedAt: Date;
  readonly patientId?: string;
  readonly journeyId?: string;
  readonly subscriptionId?: string;
  /** For a renewal: the order that started the subscription. */
  readonly parentOrderId?: string;
  readonly isRenewal: boolean;
  readonly cycleNumber?: number;
  /** What the order charged, in integer cents of `currency`. */
  readonly totalCents: number;
  /** ISO 4217 code, upper case. */
  readonly currency: string;
  readonly products: readonly OrderProduct[];
  readonly campaignId?: string;
}

/** How a coupon discounts: by a percentage, or by a fixed amount of money. */
export type DiscountType = 'percent' | 'fixed';

/** One use of a coupon code on an order. */
export interface CouponRedemption {
  readonly id: string;
  readonly affiliateId: string;
  readonly orderId: string;
  readonly code: string;
  readonly discountType: DiscountType;
  /** The coupon's terms: the percentage (15 for 15 %), or currency units for fixed (10 for $10.00). */
  readonly discountAmount: number;
  /** The money this use actually took off the order, in integer cents. */
  readonly discountCents: number;
  /** The currency of the order (copied from it when recorded). */
  readonly currency: string;
  readonly redeemedAt: Date;
  readonly campaignId?: string;
  /** The order's product variations the coupon applied to. */
  readonly productVariationIds: readonly string[];
}

/**
 * Storage of ecommerce orders and their coupon redemptions. Every read and write names the
 * affiliate, so another tenant's id is simply not found.
 *
 * @example
 * await storage.orders.save({ order, couponRedemptions: [redemption] });
 * const order = await storage.orders.get({ affiliateId: 'aff_1', id: 'ord_1' });
 */
export interface OrderStore {
  /**
   * Creates or replaces an order together with all of its coupon redemptions: redemptions the
   * order had before and that are not in `couponRedemptions` are removed. Redemption ids are
   * unique within their order. With `keepCreatedAt`, a replaced order keeps its stored
   * `createdAt`. Answers the order as it was before (undefined when it is new), read in the same
   * step as the write. Call it inside `storage.transaction` so the order and its redemptions are
   * written together.
   */
  save(input: {
    order: Order;
    couponRedemptions: readonly CouponRedemption[];
    keepCreatedAt?: boolean;
  }): Promise<Order | undefined>;
  get(input: { affiliateId: string; id: string }): Promise<Order | undefined>;
  /** The order's redemptions, in the order they were saved. */
  couponRedemptions(input: { affiliateId: string; orderId: string }): Promise<CouponRedemption[]>;
  /** Sets the status; returns the updated order, or undefined when there is none. */
  setStatus(input: {
    affiliateId: string;
    id: string;
    status: OrderStatus;
    updatedAt: Date;
  }): Promise<Order | undefined>;
}
