import { buildV1Payload, buildV2Payload } from '../events/v2-payload';
import { guardedRequest } from '../net/guarded-request';
import type { HttpOutcome } from '../net/http-client';
import type { ServiceDeps } from '../service-deps';
import { webhookHeaders } from '../webhooks/signature';
import { signingSecretsOf } from '../webhooks/signing-secrets';
import type { Webhook } from '../webhooks/webhook-store';
import type { ClaimedDelivery, DeliveryStatus } from './delivery-store';
import { maxAttempts, nextAttemptAt, retryAfterSeconds, retryDelaysMs } from './retry-schedule';

/** Tuning of the delivery worker; the defaults follow DESIGN.md. */
export interface DeliveryOptions {
  /** An attempt succeeds on a 2xx within this time. Default 15 s. */
  readonly timeoutMs?: number;
  /** How long a claimed delivery stays with one worker; longer than any attempt. Default 60 s. */
  readonly leaseMs?: number;
  /** Deliveries sent at once by one `runDue` call. Default 8. */
  readonly concurrency?: number;
  /** Jitter source in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Retry delays; default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
  readonly delays?: readonly number[];
  /** Continuous failure for this long disables the endpoint. Default 5 days. */
  readonly disableAfterMs?: number;
}

/** What one `runDue` call did. */
export interface RunSummary {
  readonly claimed: number;
  readonly succeeded: number;
  readonly retrying: number;
  readonly failed: number;
  readonly cancelled: number;
}

const fiveDaysMs = 5 * 86_400_000;

async function disable(deps: Pick<ServiceDeps, 'storage' | 'clock'>, webhook: Webhook): Promise<void> {
  for (let current: Webhook | undefined = webhook; current && current.status === 'enabled'; ) {
    const changed = await deps.storage.webhooks.replace({
      webhook: {
        ...current,
        status: 'disabled',
        revision: current.revision + 1,
        updatedAt: deps.clock.now(),
      },
      expectedRevision: current.revision,
    });
    if (changed) return;
    current = await deps.storage.webhooks.get({ affiliateId: webhook.affiliateId, id: webhook.id });
  }
}

function send(
  deps: ServiceDeps,
  webhook: Webhook,
  secrets: readonly string[],
  claimed: ClaimedDelivery,
  attemptAt: Date,
  timeoutMs: number,
) {
  const { event } = claimed;
  const version = webhook.payloadVersion;
  // The payload, its timestamp and its signature are made fresh on every attempt; event_id is not.
  const body = JSON.stringify(
    version === 'v2' ? buildV2Payload(event, { attemptAt }) : buildV1Payload(event),
  );
  const headers = webhookHeaders({
    version,
    eventId: event.eventId,
    secrets,
    timestamp: Math.floor(attemptAt.getTime() / 1000),
    body,
  });
  return guardedRequest(deps, { url: webhook.url, method: 'POST', headers, body, timeoutMs });
}

/**
 * Claims due deliveries, sends each to its webhook through the SSRF guard, records the attempt
 * and schedules what comes next (DESIGN.md): a 2xx succeeds; 410 fails the delivery and disables
 * the endpoint; anything else retries on the schedule until 8 attempts, then fails and waits for
 * a manual retry; 5 days of continuous failure disable the endpoint. A deleted or disabled
 * webhook's pending deliveries are cancelled.
 *
 * @example
 * const summary = await runDue(deps, { limit: 50 });
 */
export async function runDue(
  deps: ServiceDeps,
  input: { limit: number } & DeliveryOptions,
): Promise<RunSummary> {
  const leaseToken = deps.ids.next({ prefix: 'lease' });
  const claimed = await deps.storage.deliveries.claimDue({
    now: deps.clock.now(),
    limit: input.limit,
    leaseMs: input.leaseMs ?? 60_000,
    leaseToken,
  });
  // One read and one secret decryption per webhook per batch, not per delivery.
  const now = deps.clock.now();
  const webhooks = new Map<string, Promise<{ webhook: Webhook; secrets: string[] } | undefined>>();
  const webhookOf = ({ delivery }: ClaimedDelivery) => {
    const key = `${delivery.affiliateId}\u0000${delivery.webhookId}`;
    if (!webhooks.has(key)) {
      const loaded = deps.storage.webhooks
        .get({ affiliateId: delivery.affiliateId, id: delivery.webhookId })
        .then(
          (webhook) =>
            webhook && { webhook, secrets: signingSecretsOf(webhook, { secretBox: deps.secretBox, now }) },
        );
      webhooks.set(key, loaded);
    }
    return webhooks.get(key)!;
  };
  const attempts: Attempted[] = [];
  let cancelled = 0;
  const queue = [...claimed];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const loaded = await webhookOf(next);
      if (loaded?.webhook.status !== 'enabled') {
        const { affiliateId, webhookId } = next.delivery;
        cancelled += await deps.storage.deliveries.cancelPending({
          affiliateId,
          webhookId,
          now: deps.clock.now(),
        });
        continue;
      }
      attempts.push(await attempt(deps, next, loaded.webhook, loaded.secrets, input));
    }
  };
  await Promise.all(Array.from({ length: Math.min(input.concurrency ?? 8, queue.length) }, worker));
  // Every outcome of the batch is written in one round trip.
  await deps.storage.deliveries.completeMany({ items: attempts.map((a) => a.item) });
  await disableFailing(deps, attempts, input.disableAfterMs ?? fiveDaysMs);
  const count = (kind: Attempted['kind']) => attempts.filter((a) => a.kind === kind).length;
  return {
    claimed: claimed.length,
    succeeded: count('succeeded'),
    retrying: count('retrying'),
    failed: count('failed'),
    cancelled,
  };
}

interface Attempted {
  readonly item: Parameters<ServiceDeps['storage']['deliveries']['complete']>[0];
  readonly kind: 'succeeded' | 'retrying' | 'failed';
  readonly gone: boolean;
  readonly webhook: Webhook;
}

async function disableFailing(
  deps: ServiceDeps,
  attempts: readonly Attempted[],
  disableAfterMs: number,
): Promise<void> {
  const checked = new Set<string>();
  for (const { webhook, gone, kind, item } of attempts) {
    if (kind === 'succeeded' || checked.has(webhook.id)) continue;
    checked.add(webhook.id);
    if (gone) {
      await disable(deps, webhook);
      continue;
    }
    const since = await deps.storage.deliveries.failingSince({
      affiliateId: webhook.affiliateId,
      webhookId: webhook.id,
    });
    const at = item.outcome.attempt.attemptedAt;
    if (since && at.getTime() - since.getTime() >= disableAfterMs) await disable(deps, webhook);
  }
}

async function attempt(
  deps: ServiceDeps,
  claimed: ClaimedDelivery,
  webhook: Webhook,
  secrets: readonly string[],
  options: DeliveryOptions,
): Promise<Attempted> {
  const { delivery } = claimed;
  const attemptAt = deps.clock.now();
  const outcome: HttpOutcome = await send(
    deps,
    webhook,
    secrets,
    claimed,
    attemptAt,
    options.timeoutMs ?? 15_000,
  );
  const attemptNumber = delivery.attempts + 1;
  const succeeded = outcome.ok && outcome.status >= 200 && outcome.status < 300;
  const gone = outcome.ok && outcome.status === 410;
  let status: DeliveryStatus = 'succeeded';
  let next: Date | undefined;
  if (!succeeded) {
    next =
      gone || attemptNumber >= maxAttempts
        ? undefined
        : nextAttemptAt({
            attempt: attemptNumber,
            failedAt: attemptAt,
            random: options.random ?? Math.random,
            delays: options.delays ?? retryDelaysMs,
            retryAfterSeconds:
              outcome.ok && (outcome.status === 429 || outcome.status === 503)
                ? retryAfterSeconds(outcome.headers['retry-after'], attemptAt)
                : undefined,
          });
    status = next ? 'pending' : 'failed';
  }
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
          ? { statusCode: outcome.status, responseBody: outcome.bodyText }
          : { error: `${outcome.reason}: ${outcome.message}` }),
      },
    },
  };
  return {
    item,
    webhook,
    gone,
    kind: succeeded ? 'succeeded' : status === 'pending' ? 'retrying' : 'failed',
  };
}
