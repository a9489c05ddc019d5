/**
 * `@affiliate-commerce/core/http`: what route, adapter and port builders use — the kernel that
 * serves a route table, the route shape, the JSON answers in the documented envelope, CORS for
 * public routes, the OpenAPI document generated from the table, the use cases and views the
 * routes are built from (webhooks, support cases, journeys, billing, event emission, the
 * delivery worker's single pass, health and retention), the `DomainError` helpers that routes
 * and ports (a payment processor, a case system) return, the payload builders and signer, and
 * the fields each event type carries (for an event catalog).
 * Hosts mount `service.handle` through an adapter and call `service.*`; they need none of this.
 *
 * @module
 */
export { createAchSetupIntent } from './areas/billing/ach-setup-intent';
export { addPaymentMethod } from './areas/billing/add-payment-method';
export type { BillingDeps, CustomerProfile } from './areas/billing/billing-customer';
export type { AddPaymentMethodInput } from './areas/billing/billing-input';
export { setDefaultPaymentMethod } from './areas/billing/set-default-payment-method';
export {
  type CreateCaseInput,
  type CreatedCase,
  createGeneralCase,
  createTicket,
} from './areas/cases/create-case';
export { readCase } from './areas/cases/read-case';
export { type ReplyResult, type ReplyTransition, replyToCase } from './areas/cases/reply-to-case';
export { type ListedRequestType, listRequestTypes, syncRequestType } from './areas/cases/request-types';
export { completeIntakeForm } from './areas/journeys/complete-intake-form';
export { toTemplateView } from './areas/journeys/journey-view';
export { recordJourneyTemplate } from './areas/journeys/record-journey-template';
export { setJourneyStatus } from './areas/journeys/set-journey-status';
export { startJourney } from './areas/journeys/start-journey';
export { viewJourneyTemplate } from './areas/journeys/view-template';
export type { WebhookResult } from './areas/webhooks/change-webhook';
export { createWebhook } from './areas/webhooks/create-webhook';
export { type SentExample, sendExample } from './areas/webhooks/send-example';
export { signingSecretsOf } from './areas/webhooks/signing-secrets';
export { updateWebhook } from './areas/webhooks/update-webhook';
export { rollbackWebhook, rotateSecret, upgradeWebhook } from './areas/webhooks/webhook-lifecycle';
export { toWebhookView, webhookView } from './areas/webhooks/webhook-view';
export {
  affiliateContextRequired,
  errorStatus,
  forbidden,
  invalidField,
  isDomainError,
  methodNotAllowed,
  moduleDisabled,
  notFound,
  payloadTooLarge,
  paymentMethodAttachmentFailed,
  paymentMethodCannotBeReused,
  rateLimited,
  storageUnavailable,
  unauthorized,
  upstreamUnavailable,
  webhookDisabled,
} from './base/errors';
export { validate } from './base/validate';
export type { CorsOrigins } from './deps/cors-origins';
export { secretBox } from './deps/secret-box';
export { webhookDeps } from './deps/webhook-options';
export { maxJsonBodyBytes } from './http/input';
export {
  type Access,
  type AffiliateActor,
  type AnyRoute,
  type BodyKind,
  defineRoute,
  type HttpMethod,
  type Reply,
  type ResponseDoc,
  type Route,
  type RouteContext,
  type RouteResult,
} from './http/route';
export { errorEnvelopeSchema } from './http/schemas';
export { apiPrefixes, underApiPrefix } from './kernel/api-paths';
export { corsHeaders, corsPreflight } from './kernel/cors';
export { createKernel, type Handle, type KernelOptions, type KernelPorts } from './kernel/kernel';
export { generateOpenApi } from './kernel/openapi';
export { maxPathParamLength } from './kernel/path-params';
export { errorResponse, jsonResponse, responseText } from './kernel/reply';
export { routes } from './kernel/routes';
export { type EmitInput, emitEvent, emitEvents } from './outbox/emit-event';
export { type ResolveAttributionInput, resolveAttribution } from './outbox/resolve-attribution';
export {
  type PaymentMethodView,
  paymentMethodViewSchema,
  toPaymentMethodView,
} from './ports/payments/payment-method-view';
export {
  attachedToAnotherCustomer,
  unknownPaymentMethod,
  unsupportedPaymentMethodType,
} from './ports/payments/processor';
export { rateLimitHeaders } from './ports/rate-limit/rate-limiter';
export { eventFields } from './rules/events/event-fields';
export { signatureHeader, signV2 } from './rules/events/signing';
export { buildV1Payload, buildV2Payload } from './rules/events/v2-payload';
export { checkHealth } from './worker/health';
export { pruneDeliveries } from './worker/prune';
export { runDue } from './worker/run-due';
