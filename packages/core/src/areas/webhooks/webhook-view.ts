import { ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps/service-deps';
import type { HealthCheck, Webhook, WebhookBreaker } from '../../storage/webhook-store';
import type { WebhookResult } from './change-webhook';
import { clientCertificateView, clientCertificateViewSchema } from './client-certificate';
import { endpointControlsView, endpointControlsViewSchema } from './endpoint-controls';
import { oauthView, oauthViewSchema } from './oauth-credentials';
import { sendsStandardWebhooks } from './signature';
import { signingKeysView, signingKeyViewSchema } from './signing-keys';

/** A health check as the API shows it (docs/api.md §4.7), without `persisted`. */
export const healthCheckViewSchema = z.object({
  reachable: z.boolean(),
  statusCode: z.number().int(),
  latencyMs: z.number().int(),
  checkedAt: z.iso.datetime(),
  url: z.string(),
  reason: z.string().optional(),
  detail: z.string().optional(),
});

/**
 * The delivery circuit breaker as the API shows it: `closed` (sending; `consecutiveFailures`
 * counts towards opening), `open` (nothing is sent until `retryAt`, and waiting deliveries spend
 * no attempts) or `half_open` (one probe delivery is in flight). `openedAt` is when the current
 * outage began.
 */
export const circuitBreakerViewSchema = z.object({
  state: z.enum(['closed', 'open', 'half_open']),
  consecutiveFailures: z.number().int(),
  openedAt: z.iso.datetime().optional(),
  retryAt: z.iso.datetime().optional(),
});

/** `credentials` (docs/api.md §2.1): the signing secret, shown only at the moments §3.1 names. */
export const credentialsSchema = z.object({ secret: z.string().startsWith('whsec_') });

/**
 * The webhook record (docs/api.md §2.1): its configuration, `payloadVersion`, `createdAt`,
 * `updatedAt` and `lastHealthCheck`, the `circuitBreaker`, why and when a disabled webhook was
 * disabled, and whether its deliveries carry the Standard Webhooks headers (docs/api.md §11.1).
 * It never holds a secret except `credentials` in the few answers that issue one.
 */
export const webhookViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    authentication: z.boolean(),
    webhookInterests: z.array(z.string()),
    status: z.enum(['enabled', 'disabled']),
    isEnabled: z.boolean(),
    payloadVersion: z.enum(['v1', 'v2']),
    standardWebhooks: z
      .boolean()
      .describe(
        'Whether deliveries also carry the Standard Webhooks headers (webhook-id, webhook-timestamp, ' +
          'webhook-signature) beside X-Webhook-Signature, so a stock Standard Webhooks or Svix library ' +
          'verifies them with the same secret. False with authentication off, on v1 payloads, and while ' +
          'the secret was issued before the standard format: rotating the secret turns them on.',
      ),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    lastHealthCheck: healthCheckViewSchema.optional(),
    /** Present once a delivery attempt to the webhook has failed. */
    circuitBreaker: circuitBreakerViewSchema.optional(),
    /**
     * Why a disabled webhook is disabled: `gone` (the endpoint answered 410), `failing` (it failed
     * continuously for the disable period) or `manual` (the status call). Absent while enabled.
     */
    disabledReason: z.enum(['gone', 'failing', 'manual']).optional(),
    /** When it was disabled; absent while enabled. */
    disabledAt: z.iso.datetime().optional(),
    credentials: credentialsSchema.optional(),
    /** The ed25519 keys signing `v1a` now, current first (docs/api.md §5.5); absent without keys. */
    signingKeys: z.array(signingKeyViewSchema).optional(),
    /** The OAuth client credentials deliveries get a token with (docs/api.md §5.6), without the client secret. */
    oauth: oauthViewSchema.optional(),
    /** The client certificate deliveries present (docs/api.md §5.7), without its key. */
    clientCertificate: clientCertificateViewSchema.optional(),
  })
  .extend(endpointControlsViewSchema.shape);

/** The API form of a webhook record. */
export type WebhookView = z.infer<typeof webhookViewSchema>;

export function toHealthCheckView(check: HealthCheck): z.infer<typeof healthCheckViewSchema> {
  return {
    reachable: check.reachable,
    statusCode: check.statusCode,
    latencyMs: check.latencyMs,
    checkedAt: check.checkedAt.toISOString(),
    url: check.url,
    ...(check.reason === undefined ? {} : { reason: check.reason }),
    ...(check.detail === undefined ? {} : { detail: check.detail }),
  };
}

function toBreakerView(breaker: WebhookBreaker): z.infer<typeof circuitBreakerViewSchema> {
  return {
    state: breaker.state,
    consecutiveFailures: breaker.failures,
    ...(breaker.state !== 'closed' && breaker.openedAt ? { openedAt: breaker.openedAt.toISOString() } : {}),
    ...(breaker.state !== 'closed' && breaker.retryAt ? { retryAt: breaker.retryAt.toISOString() } : {}),
  };
}

/**
 * The API form of a webhook. `standardWebhooks` comes from `sendsStandardWebhooks` (as in
 * {@link webhookView}); `revealSecret` is passed only by the calls that issue a secret (create
 * with authentication, PUT turning authentication on, rotateSecret).
 */
export function toWebhookView(
  webhook: Webhook,
  signing: { standardWebhooks: boolean; revealSecret?: string | undefined; now?: Date },
): WebhookView {
  const { standardWebhooks, revealSecret } = signing;
  return {
    id: webhook.id,
    name: webhook.name,
    url: webhook.url,
    authentication: webhook.authentication,
    webhookInterests: [...webhook.interests],
    status: webhook.status,
    isEnabled: webhook.status === 'enabled',
    payloadVersion: webhook.payloadVersion,
    standardWebhooks,
    createdAt: webhook.createdAt.toISOString(),
    updatedAt: webhook.updatedAt.toISOString(),
    ...(webhook.lastHealthCheck ? { lastHealthCheck: toHealthCheckView(webhook.lastHealthCheck) } : {}),
    ...(webhook.breaker ? { circuitBreaker: toBreakerView(webhook.breaker) } : {}),
    ...(webhook.disabledReason ? { disabledReason: webhook.disabledReason } : {}),
    ...(webhook.disabledAt ? { disabledAt: webhook.disabledAt.toISOString() } : {}),
    ...endpointControlsView(webhook),
    ...(signing.now ? signingKeysView(webhook, signing.now) : {}),
    ...oauthView(webhook),
    ...clientCertificateView(webhook),
    ...(revealSecret === undefined ? {} : { credentials: { secret: revealSecret } }),
  };
}

/**
 * The API form of a webhook, with `standardWebhooks` read from the secrets that sign it now
 * (decrypted, as the delivery worker does).
 */
export async function webhookView(
  deps: Pick<ServiceDeps, 'secretBox' | 'clock'>,
  webhook: Webhook,
  revealSecret?: string,
): Promise<WebhookView> {
  const now = deps.clock.now();
  const standardWebhooks = await sendsStandardWebhooks(webhook, { secretBox: deps.secretBox, now });
  return toWebhookView(webhook, { standardWebhooks, revealSecret, now });
}

/** A webhook answer that may carry `credentials` (create, PUT, rotateSecret). */
export const webhookAnswerSchema = z.object({ success: z.literal(true), data: webhookViewSchema });

/** A webhook answer that never carries `credentials`; strict, so a leak fails response checks. */
export const webhookReadAnswerSchema = z.object({
  success: z.literal(true),
  data: webhookViewSchema.omit({ credentials: true }).strict(),
});

/** `GET /v2/webhooks`. */
export const webhookListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(webhookViewSchema.omit({ credentials: true }).strict()),
});

/** A health-check answer (docs/api.md §4.7). */
export const healthAnswerSchema = z.object({
  success: z.literal(true),
  data: healthCheckViewSchema.extend({ persisted: z.boolean() }),
});

/** The JSON reply of a use case's webhook. */
export function webhookReply(
  deps: Pick<ServiceDeps, 'secretBox' | 'clock'>,
  status: number,
  result: WebhookResult,
) {
  return resultView(deps, result).map((data) => ({ status, body: { success: true, data } }));
}

/** The view of a changed or read webhook, with `credentials` when the change issued a secret. */
export function resultView(
  deps: Pick<ServiceDeps, 'secretBox' | 'clock'>,
  result: WebhookResult,
): ResultAsync<WebhookView, never> {
  return ResultAsync.fromSafePromise(webhookView(deps, result.webhook, result.secret));
}
