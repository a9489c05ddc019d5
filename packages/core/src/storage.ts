import type { AffiliateStore } from './affiliates/affiliate-store';
import type { CouponReportStore } from './coupons/coupon-report-store';
import type { DeliveryStore } from './deliveries/delivery-store';
import type { OrderStore } from './orders/order-store';
import type { SubscriptionStore } from './subscriptions/subscription-store';
import type { WebhookStore } from './webhooks/webhook-store';

/**
 * The storage port: one store per domain area, every method scoped by `affiliateId`, plus
 * transactions so a record and the events it emits are written together or not at all.
 *
 * @example
 * await storage.transaction(async (tx) => {
 *   await tx.subscriptions.upsert({ subscription });
 * });
 */
export interface Storage {
  readonly affiliates: AffiliateStore;
  readonly subscriptions: SubscriptionStore;
  readonly orders: OrderStore;
  readonly coupons: CouponReportStore;
  readonly webhooks: WebhookStore;
  readonly deliveries: DeliveryStore;
  /** Runs `fn` in one transaction; a throw rolls everything back. Nested calls join the outer one. */
  transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T>;
  /** Releases connections. */
  close(): Promise<void>;
}
