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

export type { CaseView } from './areas/cases/case-view';
export type { FieldValuesPlan, MissingField, ResolveText, SuppliedValues } from './areas/cases/field-values';
export type { UploadedFile } from './areas/cases/multipart-form';
export type { OrderVariableName } from './areas/cases/order-variables';
export type { RecordClinicalOrderInput } from './areas/clinical-orders/record-clinical-order';
export type { CommerceRecordInput, RecordInput } from './areas/commerce-records/record-commerce-record';
export type { RecordKindRules } from './areas/commerce-records/record-kinds';
export type {
  OrderActivityType,
  RecordOrderActivityInput,
} from './areas/commerce-records/record-order-activity';
export type { CouponReportView } from './areas/coupons/coupon-view';
export type { ReportPreset } from './areas/coupons/report-range';
export type { CompleteIntakeFormInput } from './areas/journeys/complete-intake-form';
export type { RecordJourneyTemplateInput, SetJourneyStatusInput } from './areas/journeys/journey-input';
export type { RecordOrderInput, SetOrderStatusInput } from './areas/orders/order-input';
export type { RecordedOrder } from './areas/orders/record-order';
export type { RecordRenewalFailureInput } from './areas/subscriptions/record-renewal-failure';
export type { RecordSubscriptionInput } from './areas/subscriptions/record-subscription';
export type { CalendarDay } from './areas/subscriptions/renewal-date';
export type { SetSubscriptionStatusInput } from './areas/subscriptions/set-subscription-status';
export type { SubscriptionStatus } from './areas/subscriptions/subscription-events';
export type { BreakerOptions } from './areas/webhooks/breaker';
export type { CreateWebhookInput } from './areas/webhooks/create-webhook';
export type { HostWebhooks, WebhookRef } from './areas/webhooks/host-webhooks';
export { webhookHeaders } from './areas/webhooks/signature';
export type { KeySignatures } from './areas/webhooks/signing-keys';
export type { UpdateWebhookInput } from './areas/webhooks/update-webhook';
export type { WebhookView } from './areas/webhooks/webhook-view';
export {
  AffiliateCommerceError,
  type DomainError,
  type ErrorCode,
  isAffiliateCommerceError,
  isStorageUnavailable,
  StorageUnavailableError,
  storageRetryAfterSeconds,
} from './base/errors';
export type {
  CaseOptions,
  CaseSettings,
  ReplyTransitionRule,
  SupportOptions,
  SupportSettings,
} from './deps/case-options';
export type {
  EndpointEventBase,
  OperationalEvent,
  OperationalEventHandler,
  OperationalEventType,
  OperationalLog,
  OperationsOutbox,
} from './deps/operational-events';
export type { OperationsEndpoint } from './deps/operations-endpoint';
export type { CachedToken, ReceiverTokens } from './deps/receiver-tokens';
export { generateSigningSecret, parseSecretKey, type SecretBox } from './deps/secret-box';
export type { ServiceDeps, ServicePorts, ServiceSettings } from './deps/service-deps';
export type { WebhookDeps, WebhookServiceOptions } from './deps/webhook-options';
export type { CreatedSigningKey, WebhookSigner } from './deps/webhook-signer';
export type { HandleOptions } from './kernel/kernel';
export type { CommerceEmitInput } from './outbox/commerce-emit';
export {
  type AuthPort,
  allRoles,
  isMaster,
  type MasterPrincipal,
  type Principal,
  type Role,
  type UserPrincipal,
} from './ports/auth';
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
} from './ports/case-system/case-system';
export { type Clock, systemClock } from './ports/clock';
export { type IdGenerator, randomIds } from './ports/ids';
export { consoleLogger, type Logger, type LogLevel, silentLogger } from './ports/logger';
export type { AddressCategory } from './ports/net/address-classifier';
export { type DohResolverOptions, dohResolver } from './ports/net/doh-resolver';
export { fetchHttpClient } from './ports/net/fetch-http-client';
export type {
  CheckedDestination,
  CheckedUrl,
  GuardedRequestInput,
  OutboundPolicy,
  OutboundPorts,
} from './ports/net/guarded-request';
export type {
  ClientTls,
  HttpAnswer,
  HttpClient,
  HttpFailure,
  HttpFailureReason,
  HttpOutcome,
  HttpRequest,
  ResolvedAddress,
  Resolver,
} from './ports/net/http-client';
export type {
  AchSetupIntent,
  BankAccountType,
  PaymentMethodType,
  PaymentProcessor,
  ProcessorBankAccount,
  ProcessorCard,
  ProcessorPaymentMethod,
  SetupIntentStatus,
} from './ports/payments/processor';
export { type PinoLike, pinoLogger } from './ports/pino-logger';
export {
  type FlexibleRateLimiterOptions,
  flexibleRateLimiter,
} from './ports/rate-limit/flexible-rate-limiter';
export {
  type BucketLimit,
  defaultBuckets,
  type RateLimitDecision,
  type RateLimiter,
} from './ports/rate-limit/rate-limiter';
export { instrumentationName } from './ports/telemetry/otel';
export type { QueryInput, StorefrontCapture, VisitTrack } from './rules/attribution/capture-input';
export type { NeutralNameViolation } from './rules/attribution/neutral-names';
export { type ParamBag, type ParamSource, paramLimits } from './rules/attribution/param-filter';
export type { Attribution, Touch, TouchCapture, TouchContext } from './rules/attribution/touches';
export { urlLimits } from './rules/attribution/url-sanitizer';
export { categoryAllowlists, envelopeFields, identityFields } from './rules/events/allowlists';
export {
  type EventCategory,
  type EventDefinition,
  type EventType,
  eventDefinition,
  eventDictionary,
  isSubscribable,
} from './rules/events/event-dictionary';
export {
  type ExampleEventOptions,
  type ExamplePayloads,
  exampleEvent,
  examplePayloads,
} from './rules/events/example-event';
export { exampleEventIdPrefix, isExampleEventId } from './rules/events/example-marker';
export { apiVersion, type EventPatient, type EventRecord } from './rules/events/v2-payload';
export type {
  FieldCondition,
  FilterBound,
  FilterScalar,
  PayloadFilter,
} from './rules/filters/payload-filter';
export { createService, type Service, type ServiceOptions, type TransactionService } from './service';
// The records host calls return and the storage a host passes in; the store ports and what only
// storage implementations need are under `@affiliate-commerce/core/storage`.
export type { Affiliate } from './storage/affiliate-store';
export type { PruneCounts, RecoverResult } from './storage/delivery-store';
export type { Journey, JourneyStatus, JourneyTemplate } from './storage/journey-store';
export type {
  CouponRedemption,
  DiscountType,
  Order,
  OrderProduct,
  OrderStatus,
} from './storage/order-store';
export type { Patient } from './storage/patient-store';
export type { CommerceRecord, RecordKind } from './storage/record-store';
export type { HostTransaction, Storage, StorageCheck } from './storage/storage';
export type { Cadence, Subscription } from './storage/subscription-store';
export type {
  EndpointDisabledNotice,
  PayloadVersion,
  RetrySchedule,
  Webhook,
  WebhookDisabledReason,
  WebhookOrdering,
  WebhookStatus,
} from './storage/webhook-store';
export type { DeliveryOptions } from './worker/defaults';
export {
  type HealthOptions,
  type HealthReport,
  type HealthStatus,
  healthDefaults,
} from './worker/health';
export type { RunSummary } from './worker/outcome-writer';
export { type PruneOptions, pruneDefaults } from './worker/prune';
export type { PruneSchedule } from './worker/prune-schedule';
export { maxRecoverPerCall, maxRecoverWindowMs, type RecoverInput } from './worker/recover';
export { type RetryScheduleSource, retryDelaysMs } from './worker/retry-schedule';
export { runWorker, type WorkerOptions, type WorkOptions } from './worker/run-worker';
