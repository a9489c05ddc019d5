/**
 * `@affiliate-commerce/core`: what a host calls — `createService` and `runWorker`, the ports
 * with their defaults (clock, ids, loggers, rate limiter, outbound HTTP, DNS, the secret box),
 * the errors, the event dictionary with its payload builders and examples, webhook signing, the
 * input types of `service.*` and the documented limits. Storage implementations use
 * `@affiliate-commerce/core/storage`; route, kernel and adapter builders use
 * `@affiliate-commerce/core/http`, which also holds the use cases the routes call.
 *
 * @module
 */
export type { Affiliate, AffiliateStore } from './affiliates/affiliate-store';
export type { QueryInput, StorefrontCapture, VisitTrack } from './attribution/capture-input';
export type { NeutralNameViolation } from './attribution/neutral-names';
export { type ParamBag, type ParamSource, paramLimits } from './attribution/param-filter';
export type { Attribution, Touch, TouchCapture, TouchContext } from './attribution/touches';
export { urlLimits } from './attribution/url-sanitizer';
export type {
  BillingProfile,
  BillingStore,
  PaymentMethodDetails,
  StoredPaymentMethod,
} from './billing/billing-store';
export type {
  CaseAttachment,
  CaseAttachmentResult,
  CaseComment,
  CaseFieldSchema,
  CaseFieldValue,
  CaseRequest,
  CaseRequestType,
  CaseRequestTypeField,
  CaseStatus,
  CaseStatusCategory,
  CaseSystem,
  CaseTemporaryAttachments,
  CaseTransition,
  CaseTransitionResult,
} from './cases/case-system';
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
export type { CouponReportView } from './coupons/coupon-view';
export type { ReportPreset } from './coupons/report-range';
export {
  type HealthOptions,
  type HealthReport,
  type HealthStatus,
  healthDefaults,
} from './deliveries/health';
export { type PruneOptions, pruneDefaults } from './deliveries/prune';
export type { PruneSchedule } from './deliveries/prune-schedule';
export { maxRecoverPerCall, maxRecoverWindowMs, type RecoverInput } from './deliveries/recover';
export { retryDelaysMs } from './deliveries/retry-schedule';
export type { DeliveryOptions, RunSummary } from './deliveries/run-due';
export { runWorker, type WorkerOptions, type WorkOptions } from './deliveries/run-worker';
export * from './errors';
export { categoryAllowlists, envelopeFields, identityFields } from './events/allowlists';
export {
  type EventCategory,
  type EventDefinition,
  type EventType,
  eventDefinition,
  eventDictionary,
  isSubscribable,
} from './events/event-dictionary';
export {
  type ExampleEventOptions,
  type ExamplePayloads,
  exampleEvent,
  examplePayloads,
} from './events/example-event';
export { exampleEventIdPrefix, isExampleEventId } from './events/example-marker';
export { signatureHeader, signV2 } from './events/signing';
export {
  apiVersion,
  buildV1Payload,
  buildV2Payload,
  type EventPatient,
  type EventRecord,
} from './events/v2-payload';
export type { HandleOptions } from './http/kernel';
export type { CompleteIntakeFormInput } from './journeys/complete-intake-form';
export type { RecordJourneyTemplateInput, SetJourneyStatusInput } from './journeys/journey-input';
export type {
  Journey,
  JourneyStatus,
  JourneyStore,
  JourneyTemplate,
  NewJourney,
} from './journeys/journey-store';
export type { AddressCategory } from './net/address-classifier';
export { type DohResolverOptions, dohResolver } from './net/doh-resolver';
export { fetchHttpClient } from './net/fetch-http-client';
export type {
  CheckedDestination,
  CheckedUrl,
  GuardedRequestInput,
  OutboundPolicy,
  OutboundPorts,
} from './net/guarded-request';
export type {
  HttpAnswer,
  HttpClient,
  HttpFailure,
  HttpFailureReason,
  HttpOutcome,
  HttpRequest,
  ResolvedAddress,
  Resolver,
} from './net/http-client';
export type { RecordOrderInput, SetOrderStatusInput } from './orders/order-input';
export type {
  CouponRedemption,
  DiscountType,
  Order,
  OrderProduct,
  OrderStatus,
  OrderStore,
} from './orders/order-store';
export type { RecordedOrder } from './orders/record-order';
export type { CommerceEmitInput } from './outbox/commerce-emit';
export type {
  AttemptOutcome,
  Backlog,
  ClaimedDelivery,
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  DeliveryStore,
  EventListQuery,
  EventPage,
  EventPosition,
  Page,
  PruneCounts,
  RecoverResult,
} from './outbox/delivery-store';
export type { Patient, PatientStore } from './patients/patient-store';
export {
  type AchSetupIntent,
  attachedToAnotherCustomer,
  type BankAccountType,
  type PaymentMethodType,
  type PaymentProcessor,
  type ProcessorBankAccount,
  type ProcessorCard,
  type ProcessorPaymentMethod,
  type SetupIntentStatus,
  unknownPaymentMethod,
  unsupportedPaymentMethodType,
} from './payments/processor';
export {
  type AuthPort,
  allRoles,
  isMaster,
  type MasterPrincipal,
  type Principal,
  type Role,
  type UserPrincipal,
} from './ports/auth';
export { type Clock, systemClock } from './ports/clock';
export { type IdGenerator, randomIds } from './ports/ids';
export { consoleLogger, type Logger, type LogLevel, silentLogger } from './ports/logger';
export { type PinoLike, pinoLogger } from './ports/pino-logger';
export { type FlexibleRateLimiterOptions, flexibleRateLimiter } from './rate-limit/flexible-rate-limiter';
export {
  type BucketLimit,
  defaultBuckets,
  type RateLimitDecision,
  type RateLimiter,
} from './rate-limit/rate-limiter';
export type { RecordClinicalOrderInput } from './records/record-clinical-order';
export type { RecordInput } from './records/record-commerce-record';
export type { RecordKindRules } from './records/record-kinds';
export type { OrderActivityType, RecordOrderActivityInput } from './records/record-order-activity';
export type { CommerceRecord, RecordKind, RecordStore } from './records/record-store';
export { createService, type Service, type ServiceOptions } from './service';
export type { ServiceDeps, ServicePorts, ServiceSettings } from './service-deps';
export type { Storage, StorageCheck, TransactionOptions } from './storage';
export type { RecordRenewalFailureInput } from './subscriptions/record-renewal-failure';
export type { RecordSubscriptionInput } from './subscriptions/record-subscription';
export type { CalendarDay } from './subscriptions/renewal-date';
export type { SetSubscriptionStatusInput } from './subscriptions/set-subscription-status';
export type { SubscriptionStatus } from './subscriptions/subscription-events';
export type { Cadence, Subscription, SubscriptionStore } from './subscriptions/subscription-store';
export type { FieldValuesPlan, MissingField, ResolveText, SuppliedValues } from './support/field-values';
export type { UploadedFile } from './support/multipart-form';
export type { OrderVariableName } from './support/order-variables';
export type { ReplyTransitionRule, SupportOptions, SupportSettings } from './support/support-options';
export type { SupportCase, SupportStore, SyncedField, SyncedRequestType } from './support/support-store';
export type { CaseView } from './support/support-view';
export { instrumentationName } from './telemetry/otel';
export type { BreakerOptions } from './webhooks/breaker';
export type { CreateWebhookInput } from './webhooks/create-webhook';
export type { HostWebhooks, WebhookRef } from './webhooks/host-webhooks';
export { generateSigningSecret, parseSecretKey, type SecretBox, secretBox } from './webhooks/secret-box';
export { webhookHeaders } from './webhooks/signature';
export { maxPreviousSecrets } from './webhooks/signing-secrets';
export type { UpdateWebhookInput } from './webhooks/update-webhook';
export type { WebhookDeps, WebhookServiceOptions } from './webhooks/webhook-options';
export type {
  EndpointDisabledNotice,
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
export type { WebhookView } from './webhooks/webhook-view';
