import { withoutHeaderValues } from '../areas/webhooks/endpoint-controls';
import { signingFailure } from '../areas/webhooks/signing-keys';
import type { ServiceDeps } from '../deps/service-deps';
import type { HttpOutcome } from '../ports/net/http-client';
import { watchAttempt } from '../ports/telemetry/delivery-telemetry';
import type { ClaimedDelivery, DeliveryStatus } from '../storage/delivery-store';
import type { Webhook } from '../storage/webhook-store';
import { backPressureOf } from './back-pressure';
import type { BreakerBook } from './breakers';
import type { ClaimedBatch, LoadedWebhook } from './claimer';
import { type DeliveryOptions, timeoutMsOf } from './defaults';
import { retryWhileUnavailable } from './outage-retry';
import { outboundRequest } from './outbound-request';
import { authorizedRequest } from './receiver-token';
import { nextAttemptAt, retryDelaysMs, scheduleInForce } from './retry-schedule';
import { announceSecretExpiring } from './secret-expiring';

/** One sent attempt: the outcome to write, and what it means for its webhook. */
export interface Attempted {
  readonly item: Parameters<ServiceDeps['storage']['deliveries']['complete']>[0];
  readonly kind: 'succeeded' | 'retrying' | 'failed';
  readonly gone: boolean;
  readonly webhook: Webhook;
  /** The entity of a delivery of an ordered webhook (`Delivery.orderingKey`). */
  readonly orderingKey?: string;
  /** Until when the receiver's `Retry-After` holds the webhook's other deliveries. */
  readonly holdUntil?: Date;
  /** A 429: not counted as a failure by the circuit breaker. */
  readonly throttled?: true;
}

/** What became of one claimed delivery before its outcome is written. */
export type Settled =
  | { readonly kind: 'attempted'; readonly attempted: Attempted }
  | { readonly kind: 'cancelled'; readonly count: number }
  | { readonly kind: 'released'; readonly claimed: ClaimedDelivery }
  | { readonly kind: 'deferred'; readonly claimed: ClaimedDelivery; readonly until: Date };

/** The signed POST of one attempt, through the SSRF guard, bounded as a whole by `timeoutMs`. */
async function send(
  deps: ServiceDeps,
  loaded: LoadedWebhook,
  claimed: ClaimedDelivery,
  attemptAt: Date,
  options: DeliveryOptions,
): Promise<HttpOutcome> {
  const timeoutMs = timeoutMsOf(options);
  const startedAt = performance.now();
  // A refused destination fails the attempt before a payload is built for it.
  const destination = await loaded.destination();
  if (!destination.ok) return destination;
  const request = await outboundRequest({
    version: loaded.webhook.payloadVersion,
    event: claimed.event,
    secrets: loaded.secrets,
    keySignatures: loaded.keySignatures,
    custom: loaded.headers,
    attemptAt,
    trace: options.propagateTrace !== false,
  }).catch((cause: unknown) => signingFailure(cause) ?? Promise.reject(cause));
  if ('ok' in request) return request;
  const { headers, body } = request;
  // The time-out bounds the whole attempt, DNS included, so an attempt fits the lease it was sent in.
  const left = Math.max(1, Math.round(timeoutMs - (performance.now() - startedAt)));
  const tls = loaded.tls ? { tls: loaded.tls } : {};
  return authorizedRequest(deps, loaded.oauth, {
    ...destination,
    method: 'POST',
    headers,
    body,
    timeoutMs: left,
    ...tls,
  });
}

/**
 * What an answer means (docs/api.md §11.3): a 2xx succeeds, 410 fails for good, anything else
 * retries while the schedule lasts; a `Retry-After` on a 429 or 503 sets when (§11.10), and how
 * long the endpoint's other deliveries are held (`holdUntil`).
 */
export function classify(
  outcome: HttpOutcome,
  at: { readonly attempt: number; readonly attemptAt: Date },
  options: DeliveryOptions,
): {
  succeeded: boolean;
  gone: boolean;
  status: DeliveryStatus;
  next?: Date;
  holdUntil?: Date;
  throttled?: true;
} {
  const succeeded = outcome.ok && outcome.status >= 200 && outcome.status < 300;
  const gone = outcome.ok && outcome.status === 410;
  if (succeeded) return { succeeded, gone, status: 'succeeded' };
  const pressure = backPressureOf(outcome, at.attemptAt, options);
  const next = gone
    ? undefined
    : nextAttemptAt({
        attempt: at.attempt,
        failedAt: at.attemptAt,
        random: options.random ?? Math.random,
        delays: options.delays ?? retryDelaysMs,
        ...(pressure.retryAfterMs === undefined ? {} : { retryAfterMs: pressure.retryAfterMs }),
      });
  const pressed = {
    ...(pressure.retryAfterMs === undefined
      ? {}
      : { holdUntil: new Date(at.attemptAt.getTime() + pressure.retryAfterMs) }),
    ...(pressure.throttled ? { throttled: true as const } : {}),
  };
  return next
    ? { succeeded, gone, status: 'pending', next, ...pressed }
    : { succeeded, gone, status: 'failed', ...pressed };
}

/** Sends one attempt of a claimed delivery, watched (span, metrics, log line), and builds the outcome to write. */
async function attempt(
  deps: ServiceDeps,
  claimed: ClaimedDelivery,
  loaded: LoadedWebhook,
  options: DeliveryOptions,
): Promise<Attempted> {
  const { delivery } = claimed;
  const { webhook } = loaded;
  const attemptAt = deps.clock.now();
  const attemptNumber = delivery.attempts + 1;
  const watch = watchAttempt(deps.logger, {
    affiliateId: delivery.affiliateId,
    webhookId: delivery.webhookId,
    deliveryId: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    attempt: attemptNumber,
    ...(claimed.event.traceparent ? { traceparent: claimed.event.traceparent } : {}),
  });
  const outcome = await watch.run(() => send(deps, loaded, claimed, attemptAt, options));
  // The endpoint's schedule, else the host's for the event type, else the service's delays.
  const { delaysMs } = scheduleInForce({ webhook, eventType: delivery.eventType, options });
  const { succeeded, gone, status, next, holdUntil, throttled } = classify(
    outcome,
    { attempt: attemptNumber, attemptAt },
    { ...options, delays: delaysMs },
  );
  const item = {
    affiliateId: delivery.affiliateId,
    id: delivery.id,
    leaseToken: claimed.leaseToken,
    updatedAt: deps.clock.now(),
    outcome: {
      status,
      ...(next ? { nextAttemptAt: next } : {}),
      attempt: {
        id: deps.ids.next({ prefix: 'att' }),
        deliveryId: delivery.id,
        affiliateId: delivery.affiliateId,
        webhookId: delivery.webhookId,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        attempt: attemptNumber,
        attemptedAt: attemptAt,
        payloadVersion: webhook.payloadVersion,
        succeeded,
        latencyMs: Math.round(outcome.latencyMs),
        ...(outcome.ok
          ? {
              statusCode: outcome.status,
              responseBody: withoutHeaderValues(outcome.bodyText, loaded.headers),
            }
          : { error: `${outcome.reason}: ${outcome.message}` }),
      },
    },
  };
  const kind = succeeded ? 'succeeded' : status === 'pending' ? 'retrying' : 'failed';
  watch.end({
    outcome: kind,
    latencyMs: item.outcome.attempt.latencyMs,
    ...(outcome.ok ? { statusCode: outcome.status } : { error: `${outcome.reason}: ${outcome.message}` }),
  });
  return {
    item,
    webhook,
    gone,
    kind,
    ...(delivery.orderingKey ? { orderingKey: delivery.orderingKey } : {}),
    ...(holdUntil ? { holdUntil } : {}),
    ...(throttled ? { throttled } : {}),
  };
}

/**
 * Sends one claimed delivery, unless its webhook is gone or disabled (its pending deliveries are
 * cancelled), too little of the lease is left for a whole attempt and its margin (past the
 * batch's `sendBy`: it is given back unsent, so no other worker can send it while this one still
 * is), or the webhook's circuit breaker is open (it is held back until the breaker may let one
 * through). The outcome counts on the breaker.
 */
export async function settleOne(
  deps: ServiceDeps,
  batch: ClaimedBatch,
  claimed: ClaimedDelivery,
  options: DeliveryOptions,
  breakers: BreakerBook,
): Promise<Settled> {
  const loaded = await batch.webhookOf(claimed);
  if (loaded?.webhook.status !== 'enabled') {
    const { affiliateId, webhookId } = claimed.delivery;
    const count = await deps.storage.deliveries.cancelPending({
      affiliateId,
      webhookId,
      now: deps.clock.now(),
    });
    return { kind: 'cancelled', count };
  }
  // After the webhook's read, which may have waited on the database; before the breaker may take a probe.
  if (deps.clock.now().getTime() > batch.sendBy) return { kind: 'released', claimed };
  const admission = await breakers.admit(loaded.webhook, deps.clock.now());
  if (admission instanceof Date) return { kind: 'deferred', claimed, until: admission };
  const attempted = await attempt(deps, claimed, loaded, options);
  // Signed with the webhook's secrets: one about to stop signing is announced (`secret.expiring`).
  await announceSecretExpiring(deps, loaded.webhook, attempted.item.outcome.attempt.attemptedAt);
  const counted = {
    succeeded: attempted.kind === 'succeeded',
    probe: admission === 'probe',
    at: attempted.item.outcome.attempt.attemptedAt,
    ...(attempted.throttled ? { throttled: true } : {}),
    ...(attempted.holdUntil ? { holdUntil: attempted.holdUntil } : {}),
  };
  // The attempt was sent: its outcome is written even when the breaker's count cannot be (storage
  // went away meanwhile), or the receiver would get the delivery again once the lease ended.
  await retryWhileUnavailable(() => breakers.record(loaded.webhook, counted)).catch((cause: unknown) => {
    deps.logger.warn('Circuit breaker not updated after an attempt', {
      event: 'webhook.breaker.unrecorded',
      affiliateId: loaded.webhook.affiliateId,
      webhookId: loaded.webhook.id,
      succeeded: counted.succeeded,
      cause,
    });
  });
  return { kind: 'attempted', attempted };
}
