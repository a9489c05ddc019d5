/**
 * `@affiliate-commerce/core/storage`: what a storage implementation is written against — the
 * `Storage` port with every store it holds, the records they keep, and the rules the stores
 * share: the order of coupon report rows and when a failed delivery is due again.
 * `@affiliate-commerce/storage-postgres` and the memory storage implement it;
 * `@affiliate-commerce/testkit`'s `storageContract` checks any implementation.
 *
 * @module
 */

export { compareUsageRows } from './areas/coupons/usage-row-order';
export { maxPreviousSecrets } from './areas/webhooks/signing-secrets';
export type { Attribution, Touch } from './rules/attribution/touches';
export type { EventPatient, EventRecord } from './rules/events/v2-payload';
export type { Affiliate, AffiliateStore } from './storage/affiliate-store';
export type {
  BillingProfile,
  BillingStore,
  PaymentMethodDetails,
  StoredPaymentMethod,
} from './storage/billing-store';
export type {
  CouponReportFilters,
  CouponReportPage,
  CouponReportQuery,
  CouponReportSort,
  CouponReportStore,
  CouponReportSummary,
  CouponSortBy,
  CouponUsageRow,
  ReportRange,
} from './storage/coupon-report-store';
export {
  type AttemptOutcome,
  type Backlog,
  type ClaimedDelivery,
  capResponseBody,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type DeliveryStore,
  type EventListQuery,
  type EventPage,
  type EventPosition,
  maxResponseBodyBytes,
  type Page,
  type PruneCounts,
  type PublishedEvent,
  type RecoverResult,
} from './storage/delivery-store';
export {
  type Journey,
  type JourneyStatus,
  type JourneyStore,
  type JourneyTemplate,
  journeyStatuses,
  type NewJourney,
} from './storage/journey-store';
export {
  type CouponRedemption,
  type DiscountType,
  type Order,
  type OrderProduct,
  type OrderStatus,
  type OrderStore,
  orderStatuses,
} from './storage/order-store';
export { type Patient, type PatientStore, returningStatuses } from './storage/patient-store';
export type { CommerceRecord, RecordKind, RecordStore } from './storage/record-store';
export { recordLock, type Storage, type StorageCheck, type TransactionOptions } from './storage/storage';
export type { Cadence, Subscription, SubscriptionStore } from './storage/subscription-store';
export type { SupportCase, SupportStore, SyncedField, SyncedRequestType } from './storage/support-store';
export type {
  HealthCheck,
  PayloadVersion,
  SealedSecret,
  StoredSecret,
  Webhook,
  WebhookBreaker,
  WebhookDisabledReason,
  WebhookStatus,
  WebhookStore,
} from './storage/webhook-store';
export { nextAttemptAt } from './worker/retry-schedule';
