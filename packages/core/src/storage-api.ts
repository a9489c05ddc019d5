/**
 * `@affiliate-commerce/core/storage`: what a storage implementation is written against beyond
 * what the root exports — every store port the `Storage` port holds (`Storage` itself and the
 * records host calls return, such as `Order` and `Subscription`, are exported by
 * `@affiliate-commerce/core`), the records only stores keep, and the rules the stores share: the
 * order of coupon report rows and when a failed delivery is due again.
 * `@affiliate-commerce/storage-postgres` and the memory storage implement it;
 * `@affiliate-commerce/testkit`'s `storageContract` checks any implementation.
 *
 * @module
 */

export { compareUsageRows } from './areas/coupons/usage-row-order';
export { maxPreviousSecrets } from './areas/webhooks/signing-secrets';
export {
  matchesPayloadFilter,
  payloadFilterToJsonPath,
} from './rules/filters/payload-filter';
export type { AffiliateStore } from './storage/affiliate-store';
export type {
  BillingProfile,
  BillingStore,
  PaymentMethodDetails,
  StoredPaymentMethod,
} from './storage/billing-store';
export type {
  CaseRecord,
  CaseStore,
  SupportCase,
  SupportStore,
  SyncedField,
  SyncedRequestType,
} from './storage/case-store';
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
  type AttemptHour,
  type AttemptOutcome,
  type Backlog,
  type ClaimedDelivery,
  capResponseBody,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryListQuery,
  type DeliveryPage,
  type DeliveryPosition,
  type DeliveryStatus,
  type DeliveryStore,
  type EventListQuery,
  type EventPage,
  type EventPosition,
  maxResponseBodyBytes,
  type Page,
  type PublishedEvent,
} from './storage/delivery-store';
export { type JourneyStore, journeyStatuses, type NewJourney } from './storage/journey-store';
export { type OrderStore, orderStatuses } from './storage/order-store';
export { type PatientStore, returningStatuses } from './storage/patient-store';
export type { RecordStore } from './storage/record-store';
export { recordLock, type TransactionOptions } from './storage/storage';
export type { SubscriptionStore } from './storage/subscription-store';
export type {
  HealthCheck,
  SealedSecret,
  StoredClientCertificate,
  StoredHeaders,
  StoredOAuth,
  StoredSecret,
  StoredSigningKey,
  WebhookBreaker,
  WebhookStore,
} from './storage/webhook-store';
export { keptOperationalEvents, type StoredOperationalEvent } from './storage/webhook-store';
export { nextAttemptAt } from './worker/retry-schedule';
