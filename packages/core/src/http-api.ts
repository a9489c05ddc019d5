/**
 * `@affiliate-commerce/core/http`: what route and adapter builders use — the kernel that serves
 * a route table, the route shape, the JSON answers in the documented envelope, CORS for public
 * routes, the OpenAPI document generated from the table, and the use cases and views the routes
 * are built from (webhooks, support cases, journeys, billing, event emission, the delivery
 * worker's single pass, health and retention). Hosts mount `service.handle` through an adapter
 * and call `service.*`; they need none of this.
 *
 * @module
 */
export { createAchSetupIntent } from './billing/ach-setup-intent';
export { addPaymentMethod } from './billing/add-payment-method';
export type { BillingDeps, CustomerProfile } from './billing/billing-customer';
export type { AddPaymentMethodInput } from './billing/billing-input';
export { setDefaultPaymentMethod } from './billing/set-default-payment-method';
export { checkHealth } from './deliveries/health';
export { pruneDeliveries } from './deliveries/prune';
export { runDue } from './deliveries/run-due';
export { apiPrefixes, underApiPrefix } from './http/api-paths';
export { corsHeaders, corsPreflight } from './http/cors';
export type { CorsOrigins } from './http/cors-origins';
export { maxJsonBodyBytes, validate } from './http/input';
export { createKernel, type Handle, type HandleOptions, type KernelOptions } from './http/kernel';
export { generateOpenApi } from './http/openapi';
export { maxPathParamLength } from './http/path-params';
export { errorResponse, jsonResponse, responseText } from './http/reply';
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
export { completeIntakeForm } from './journeys/complete-intake-form';
export { toTemplateView } from './journeys/journey-view';
export { recordJourneyTemplate } from './journeys/record-journey-template';
export { setJourneyStatus } from './journeys/set-journey-status';
export { startJourney } from './journeys/start-journey';
export { viewJourneyTemplate } from './journeys/view-template';
export { type EmitInput, emitEvent, emitEvents } from './outbox/emit-event';
export { type ResolveAttributionInput, resolveAttribution } from './outbox/resolve-attribution';
export {
  type PaymentMethodView,
  paymentMethodViewSchema,
  toPaymentMethodView,
} from './payments/payment-method-view';
export { rateLimitHeaders } from './rate-limit/rate-limiter';
export { routes } from './routes';
export { type CreateCaseInput, type CreatedCase, createTicket } from './support/create-case';
export { readCase } from './support/read-case';
export { type ReplyResult, type ReplyTransition, replyToCase } from './support/reply-to-case';
export { type ListedRequestType, listRequestTypes, syncRequestType } from './support/request-types';
export type { WebhookResult } from './webhooks/change-webhook';
export { type CreateWebhookInput, createWebhook } from './webhooks/create-webhook';
export { type SentExample, sendExample } from './webhooks/send-example';
export { signingSecretsOf } from './webhooks/signing-secrets';
export { type UpdateWebhookInput, updateWebhook } from './webhooks/update-webhook';
export { rollbackWebhook, rotateSecret, upgradeWebhook } from './webhooks/webhook-lifecycle';
export { webhookDeps } from './webhooks/webhook-options';
export { toWebhookView, type WebhookView, webhookView } from './webhooks/webhook-view';
