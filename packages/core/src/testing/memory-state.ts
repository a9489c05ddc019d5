import type { Affiliate } from '../affiliates/affiliate-store';
import type { Delivery, DeliveryAttempt } from '../deliveries/delivery-store';
import type { EventRecord } from '../events/v2-payload';
import type { StoredCouponRedemption } from '../orders/memory-order-store';
import type { Order } from '../orders/order-store';
import type { Subscription } from '../subscriptions/subscription-store';
import type { Webhook } from '../webhooks/webhook-store';

/**
 * All data of the in-memory storage. Stores read `state.<table>` on every call (never keep a
 * reference to a map), so a rolled-back transaction can put a snapshot back whole.
 */
export interface MemoryState {
  affiliates: Map<string, Affiliate>;
  subscriptions: Map<string, Subscription>;
  orders: Map<string, Order>;
  couponRedemptions: Map<string, StoredCouponRedemption>;
  /** Keyed by webhook id alone: webhook ids are globally unique. */
  webhooks: Map<string, Webhook>;
  events: Map<string, EventRecord>;
  deliveries: Map<string, Delivery>;
  deliveryAttempts: DeliveryAttempt[];
}

/** An empty state. */
export function emptyMemoryState(): MemoryState {
  return {
    affiliates: new Map(),
    subscriptions: new Map(),
    orders: new Map(),
    couponRedemptions: new Map(),
    webhooks: new Map(),
    events: new Map(),
    deliveries: new Map(),
    deliveryAttempts: [],
  };
}

/** The key of a tenant-scoped record. */
export function scopedKey(affiliateId: string, id: string): string {
  return `${affiliateId}\u0000${id}`;
}
