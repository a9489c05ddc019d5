import type { Attribution } from '../../rules/attribution/touches';
import type { EventRecord } from '../../rules/events/v2-payload';
import type { Affiliate } from '../../storage/affiliate-store';
import type { BillingProfile, StoredPaymentMethod } from '../../storage/billing-store';
import type { CaseRecord, SyncedRequestType } from '../../storage/case-store';
import type { AttemptHour, Delivery, DeliveryAttempt } from '../../storage/delivery-store';
import type { JourneyTemplate, NewJourney } from '../../storage/journey-store';
import type { CouponRedemption, Order } from '../../storage/order-store';
import type { Patient } from '../../storage/patient-store';
import type { CommerceRecord } from '../../storage/record-store';
import type { Subscription } from '../../storage/subscription-store';
import type { Webhook } from '../../storage/webhook-store';

/** A redemption as the memory store keeps it: with its position in the order. */
export interface StoredCouponRedemption extends CouponRedemption {
  readonly position: number;
}

/** An hour of attempts as the memory store keeps it: with its webhook. */
export interface StoredAttemptHour extends AttemptHour {
  readonly affiliateId: string;
  readonly webhookId: string;
}

/**
 * All data of the in-memory storage. Stores read `state.<table>` on every call (never keep a
 * reference to a map), so a rolled-back transaction can put a snapshot back whole.
 */
export interface MemoryState {
  affiliates: Map<string, Affiliate>;
  subscriptions: Map<string, Subscription>;
  orders: Map<string, Order>;
  patients: Map<string, Patient>;
  records: Map<string, CommerceRecord>;
  couponRedemptions: Map<string, StoredCouponRedemption>;
  /** Keyed by slug alone: slugs are unique across affiliates. */
  journeyTemplates: Map<string, JourneyTemplate>;
  visitorAttributions: Map<string, Attribution>;
  journeys: Map<string, NewJourney>;
  /** Keyed by webhook id alone: webhook ids are globally unique. */
  webhooks: Map<string, Webhook>;
  events: Map<string, EventRecord>;
  deliveries: Map<string, Delivery>;
  deliveryAttempts: DeliveryAttempt[];
  /** Keyed by affiliate, webhook and hour (`attemptHourKey`). */
  attemptHours: Map<string, StoredAttemptHour>;
  /** Keyed by affiliate id: one billing profile per affiliate. */
  billingProfiles: Map<string, BillingProfile>;
  paymentMethods: Map<string, StoredPaymentMethod>;
  caseRequestTypes: Map<string, SyncedRequestType>;
  cases: Map<string, CaseRecord>;
}

/** An empty state. */
export function emptyMemoryState(): MemoryState {
  return {
    affiliates: new Map(),
    subscriptions: new Map(),
    orders: new Map(),
    patients: new Map(),
    records: new Map(),
    couponRedemptions: new Map(),
    journeyTemplates: new Map(),
    visitorAttributions: new Map(),
    journeys: new Map(),
    webhooks: new Map(),
    events: new Map(),
    deliveries: new Map(),
    deliveryAttempts: [],
    attemptHours: new Map(),
    billingProfiles: new Map(),
    paymentMethods: new Map(),
    caseRequestTypes: new Map(),
    cases: new Map(),
  };
}

/** The key of a tenant-scoped record. */
export function scopedKey(affiliateId: string, id: string): string {
  return `${affiliateId}\u0000${id}`;
}
