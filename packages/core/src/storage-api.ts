/**
 * `@affiliate-commerce/core/storage`: what a storage implementation is written against — the
 * `Storage` port with every store it holds, the records they keep, and the rules the stores
 * share: the order of coupon report rows and when a failed delivery is due again.
 * `@affiliate-commerce/storage-postgres` and the memory storage implement it;
 * `@affiliate-commerce/testkit`'s `storageContract` checks any implementation.
 *
 * @module
 */
export type { Affiliate, AffiliateStore } from './affiliates/affiliate-store';
export type { Attribution, Touch } from './attribution/touches';
export type {
  BillingProfile,
  BillingStore,
  PaymentMethodDetails,
  StoredPaymentMethod,
} from './billing/billing-store';
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
} from './coupons/coupon-report-store';
export { compareUsageRows } from './coupons/usage-row-order';
export { nextAttemptAt } from './deliveries/retry-schedule';
export type { EventPatient, EventRecord } from './events/v2-payload';
export {
  type Journey,
  type JourneyStatus,
  type JourneyStore,
  type JourneyTemplate,
  journeyStatuses,
  type NewJourney,
} from './journeys/journey-store';
export {
  type CouponRedemption,
  type DiscountType,
  type Order,
  type OrderProduct,
  type OrderStatus,
  type OrderStore,
  orderStatuses,
} from './orders/order-store';
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
} from './outbox/delivery-store';
export { type Patient, type PatientStore, returningStatuses } from './patients/patient-store';
export type { CommerceRecord, RecordKind, RecordStore } from './records/record-store';
export { recordLock, type Storage, type StorageCheck, type TransactionOptions } from './storage';
export type { Cadence, Subscription, SubscriptionStore } from './subscriptions/subscription-store';
export type { SupportCase, SupportStore, SyncedField, SyncedRequestType } from './support/support-store';
export { maxPreviousSecrets } from './webhooks/signing-secrets';
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
} from './webhooks/webhook-store';
