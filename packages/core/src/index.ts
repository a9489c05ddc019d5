export type { Affiliate, AffiliateStore } from './affiliates/affiliate-store';
export * from './attribution';
export * from './billing';
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
export { couponCsvColumns, escapeFormula } from './coupons/report-csv';
export {
  couponReportQuerySchema,
  defaultReportLimit,
  maxReportLimit,
  resolveReportQuery,
} from './coupons/report-query';
export { presetRange, type ReportPreset, reportPresets } from './coupons/report-range';
export { type CouponReportView, toCouponReportView } from './coupons/report-view';
export { compareBytes, compareUsageRows } from './coupons/usage-row-order';
export { nextAttemptAt, retryDelaysMs } from './deliveries/retry-schedule';
export { type DeliveryOptions, type RunSummary, runDue } from './deliveries/run-due';
export { runWorker, type WorkerOptions, type WorkOptions } from './deliveries/run-worker';
export * from './errors';
export { categoryAllowlists, envelopeFields, identityFields } from './events/allowlists';
export { isBlockedKey, scrubNested } from './events/blocklist';
export {
  type EventCategory,
  type EventDefinition,
  type EventType,
  eventDefinition,
  eventDictionary,
  isSubscribable,
} from './events/event-dictionary';
export { signatureHeader, signV1, signV2 } from './events/signing';
export {
  apiVersion,
  buildV1Payload,
  buildV2Payload,
  type EventPatient,
  type EventRecord,
} from './events/v2-payload';
export { corsHeaders, corsPreflight } from './http/cors';
export type { CorsOrigins } from './http/cors-origins';
export { maxJsonBodyBytes } from './http/input';
export { createKernel, type Handle, type HandleOptions, type KernelOptions } from './http/kernel';
export { generateOpenApi } from './http/openapi';
export { maxPathParamLength } from './http/path-params';
export { errorResponse, jsonResponse, responseText } from './http/reply';
export type {
  Access,
  AffiliateActor,
  AnyRoute,
  BodyKind,
  HttpMethod,
  Reply,
  ResponseDoc,
  Route,
  RouteContext,
  RouteResult,
} from './http/route';
export * from './journeys';
export {
  type AddressCategory,
  classifyAddress,
  classifyHostname,
  isAllowedCategory,
} from './net/address-classifier';
export {
  type CheckedDestination,
  type CheckedUrl,
  checkDestination,
  checkUrl,
  type GuardedRequestInput,
  guardedRequest,
  type OutboundPolicy,
  type OutboundPorts,
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
export { maxBodyBytes } from './net/http-client';
export { type NodeHttpClientOptions, nodeHttpClient } from './net/node-http-client';
export { nodeResolver } from './net/node-resolver';
export {
  type RecordOrderInput,
  recordOrderInput,
  type SetOrderStatusInput,
  setOrderStatusInput,
} from './orders/order-input';
export {
  type CouponRedemption,
  type DiscountType,
  type Order,
  type OrderProduct,
  type OrderStatus,
  type OrderStore,
  orderStatuses,
} from './orders/order-store';
export type { RecordedOrder } from './orders/record-order';
export { type CommerceEmitInput, emitInput } from './outbox/commerce-emit';
export type {
  AttemptOutcome,
  ClaimedDelivery,
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  DeliveryStore,
  Page,
} from './outbox/delivery-store';
export { type EmitInput, emitEvent } from './outbox/emit-event';
export { type ResolveAttributionInput, resolveAttribution } from './outbox/resolve-attribution';
export { type Patient, type PatientStore, returningStatuses } from './patients/patient-store';
export { recordPatientInput } from './patients/record-patient';
export * from './payments';
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
export { type FlexibleRateLimiterOptions, flexibleRateLimiter } from './rate-limit/flexible-rate-limiter';
export {
  type BucketLimit,
  defaultBuckets,
  type RateLimitDecision,
  type RateLimiter,
  rateLimitHeaders,
} from './rate-limit/rate-limiter';
export { type RecordClinicalOrderInput, recordClinicalOrderInput } from './records/record-clinical-order';
export { type RecordInput, recordInput } from './records/record-commerce-record';
export { type RecordKindRules, recordKinds } from './records/record-kinds';
export {
  type OrderActivityType,
  orderActivityTypes,
  type RecordOrderActivityInput,
  recordOrderActivityInput,
} from './records/record-order-activity';
export type { CommerceRecord, RecordKind, RecordStore } from './records/record-store';
export { routes } from './routes';
export { createService, type Service, type ServiceOptions } from './service';
export type { ServiceDeps } from './service-deps';
export type { Storage, TransactionOptions } from './storage';
export {
  type RecordRenewalFailureInput,
  recordRenewalFailureInput,
} from './subscriptions/record-renewal-failure';
export { type RecordSubscriptionInput, recordSubscriptionInput } from './subscriptions/record-subscription';
export { type CalendarDay, nextBillingDateFor, parseRenewalDate } from './subscriptions/renewal-date';
export {
  type SetSubscriptionStatusInput,
  setSubscriptionStatusInput,
} from './subscriptions/set-subscription-status';
export { type SubscriptionStatus, subscriptionStatuses } from './subscriptions/subscription-events';
export type { Cadence, Subscription, SubscriptionStore } from './subscriptions/subscription-store';
export * from './support';
export type { BreakerOptions } from './webhooks/breaker';
export type { WebhookResult } from './webhooks/change-webhook';
export { checkUrlHealth, checkWebhookHealth, probeTimeoutMs } from './webhooks/check-health';
export { type CreateWebhookInput, createWebhook } from './webhooks/create-webhook';
export { generateSigningSecret, parseSecretKey, type SecretBox, secretBox } from './webhooks/secret-box';
export { webhookHeaders, webhookUserAgent } from './webhooks/signature';
export {
  activeSigningSecrets,
  maxPreviousSecrets,
  rotationOverlapMs,
  signingSecretsOf,
} from './webhooks/signing-secrets';
export { setWebhookStatus, type UpdateWebhookInput, updateWebhook } from './webhooks/update-webhook';
export { deleteWebhook, rollbackWebhook, rotateSecret, upgradeWebhook } from './webhooks/webhook-lifecycle';
export { type WebhookDeps, type WebhookServiceOptions, webhookDeps } from './webhooks/webhook-options';
export type {
  HealthCheck,
  PayloadVersion,
  SealedSecret,
  StoredSecret,
  Webhook,
  WebhookBreaker,
  WebhookStatus,
  WebhookStore,
} from './webhooks/webhook-store';
export { toWebhookView, type WebhookView } from './webhooks/webhook-view';
