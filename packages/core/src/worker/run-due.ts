import type { BreakerOptions } from '../areas/webhooks/breaker';
import { disableEndpoint } from '../areas/webhooks/disable-webhook';
import { webhookHeaders } from '../areas/webhooks/signature';
import { signingSecretsOf } from '../areas/webhooks/signing-secrets';
import type { ServiceDeps } from '../deps/service-deps';
import { type CheckedDestination, checkDestination } from '../ports/net/guarded-request';
import type { HttpFailure, HttpOutcome } from '../ports/net/http-client';
import {
  type AutomaticDisableReason,
  attemptLate,
  countDeliveries,
  type DeliveryOutcome,
  watchAttempt,
} from '../ports/telemetry/delivery-telemetry';
import { buildV1Payload, buildV2Payload } from '../rules/events/v2-payload';
import type { ClaimedDelivery, DeliveryStatus } from '../storage/delivery-store';
import type { Webhook } from '../storage/webhook-store';
import { type BreakerBook, breakerBook } from './breaker-book';
import { endpointSlots } from './endpoint-slots';
import { retryWhileUnavailable } from './outage-retry';
import { nextAttemptAt, retryAfterSeconds, retryDelaysMs } from './retry-schedule';

/** Tuning of the delivery worker; the defaults follow docs/api.md §11.3. */
export interface DeliveryOptions {
  /** An attempt succeeds on a 2xx within this time. Default 15 s. */
  readonly timeoutMs?: number;
  /**
   * How long a claimed delivery stays with one worker. Default 60 s. A delivery is sent only while
   * what is left of its lease holds a whole attempt (`timeoutMs`), a 2 s margin for what the
   * time-out does not bound (a late timer, the database writes around the send, hosts' clocks),
   * and the worker's `maxWriteDelayMs` (100 ms) for its outcome to be written; otherwise it is
   * given back unsent. So it must be longer than `timeoutMs` by more than 2.1 s (`createService`
   * refuses less), and is best several attempts long: a delivery claimed with a batch waits its
   * turn. An outcome that still comes after the lease was lost is logged, not recorded.
   */
  readonly leaseMs?: number;
  /** Deliveries in flight at once, in one `runDue` call or one worker. Default 8. */
  readonly concurrency?: number;
  /**
   * Deliveries in flight to one webhook at once, in one `runDue` call or one worker, so a slow
   * or dead endpoint holds at most this many sends. Raise it for an endpoint that takes high
   * volume with few others beside it. Default 4.
   */
  readonly perEndpoint?: number;
  /** When a webhook's circuit breaker opens and how long it cools; see {@link BreakerOptions}. */
  readonly breaker?: BreakerOptions;
  /** Jitter source in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Retry delays; N delays give N + 1 attempts. Default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
  readonly delays?: readonly number[];
  /** Continuous failure for this long disables the endpoint. Default 5 days. */
  readonly disableAfterMs?: number;
}

/**
 * Refuses delivery options that cannot work: a lease that cannot hold one attempt, its margin and
 * the wait for its outcome's write (`writeDelayMs`, the worker's `maxWriteDelayMs`) would leave
 * every claimed delivery unsent.
 *
 * @example checkDeliveryOptions({ leaseMs: 30_000, timeoutMs: 10_000 }) // passes: 30 s > 10 s + 2.1 s
 */
export function checkDeliveryOptions(
  options: DeliveryOptions = {},
  writeDelayMs: number = defaultMaxWriteDelayMs,
): void {
  const leaseMs = options.leaseMs ?? defaultLeaseMs;
  const timeoutMs = timeoutMsOf(options);
  if (!(leaseMs > leaseNeededMs(options, writeDelayMs))) {
    throw new RangeError(
      `@affiliate-commerce/core: deliveries.leaseMs (${leaseMs}) must be longer than deliveries.timeoutMs (${timeoutMs}) by more than ${leaseMarginMs + writeDelayMs} ms (a ${leaseMarginMs} ms margin for the attempt's overrun and its outcome's write, and the worker's maxWriteDelayMs of ${writeDelayMs} ms)`,
    );
  }
}

/** What one `runDue` call did. */
export interface RunSummary {
  readonly claimed: number;
  readonly succeeded: number;
  readonly retrying: number;
  readonly failed: number;
  readonly cancelled: number;
  /** Claimed but given back unsent: too little of the lease was left, or the worker was stopping. */
  readonly released: number;
  /** Claimed but held back unsent, spending no attempt, while their webhook's circuit breaker is open. */
  readonly deferred: number;
  /**
   * Sent, but the outcome came after the lease had ended and another worker had claimed the
   * delivery: not recorded (a `webhook.attempt.late` warning says what it was); whoever holds the
   * delivery now sends it again.
   */
  readonly late: number;
}

const fiveDaysMs = 5 * 86_400_000;
const defaultLeaseMs = 60_000;
const defaultTimeoutMs = 15_000;
const defaultConcurrency = 8;
const defaultPerEndpoint = 4;

/**
 * Lease left over, beyond a whole attempt, for what the time-out does not bound: the time-out
 * firing late (event-loop lag under load: attempts measured ending 84 to 139 ms past it), the
 * breaker's write between the check and the send, the outcome's write reaching the database, and
 * the clocks of two workers' hosts disagreeing on when a lease ends. None of these grows with the
 * time-out, so the margin is fixed: 2 s is over ten times the lag measured, and a thirtieth of the
 * default 60 s lease.
 */
export const leaseMarginMs = 2_000;

/** How long a worker's outcome waits for company before it is written (`maxWriteDelayMs`). */
export const defaultMaxWriteDelayMs = 100;

/** The time an attempt gets, from its SSRF check and DNS to the end of its answer. */
export const timeoutMsOf = (options: DeliveryOptions): number => options.timeoutMs ?? defaultTimeoutMs;

/** What must be left of a lease to send a delivery: its attempt, the margin, the wait for its write. */
const leaseNeededMs = (options: DeliveryOptions, writeDelayMs: number): number =>
  timeoutMsOf(options) + leaseMarginMs + writeDelayMs;

/** The circuit breakers a worker keeps, with the probe window its time-out implies. */
export function workerBreakers(deps: ServiceDeps, options: DeliveryOptions): BreakerBook {
  // A probe that has not reported within a whole attempt and a second is taken to have died.
  const probeMs = timeoutMsOf(options) + 1_000;
  return breakerBook(deps, { probeMs, ...(options.breaker ? { breaker: options.breaker } : {}) });
}

/** The per-endpoint cap of a worker or a `runDue` call. */
export const perEndpointOf = (options: DeliveryOptions): number => options.perEndpoint ?? defaultPerEndpoint;

async function send(
  deps: ServiceDeps,
  loaded: LoadedWebhook,
  claimed: ClaimedDelivery,
  attemptAt: Date,
  timeoutMs: number,
): Promise<HttpOutcome> {
  const startedAt = performance.now();
  // A refused destination fails the attempt before a payload is built for it.
  const destination = await loaded.destination();
  if (!destination.ok) return destination;
  const { webhook, secrets } = loaded;
  const { event } = claimed;
  const version = webhook.payloadVersion;
  // The payload, its timestamp and its signature are made fresh on every attempt; event_id is not.
  const body = JSON.stringify(
    version === 'v2' ? buildV2Payload(event, { attemptAt }) : buildV1Payload(event),
  );
  const headers = await webhookHeaders({
    version,
    eventId: event.eventId,
    secrets,
    timestamp: Math.floor(attemptAt.getTime() / 1000),
    body,
  });
  // The time-out bounds the whole attempt, DNS included, so an attempt fits the lease it was sent in.
  const left = Math.max(1, Math.round(timeoutMs - (performance.now() - startedAt)));
  return deps.http.request({ ...destination, method: 'POST', headers, body, timeoutMs: left });
}

/** A claimed batch: its deliveries, its lease, and its webhooks, each read and decrypted once. */
export interface ClaimedBatch {
  readonly items: readonly ClaimedDelivery[];
  /** When the batch's lease ends (ms since the epoch); after it another worker may claim the rows. */
  readonly leaseEndsAt: number;
  /**
   * The last moment (ms since the epoch) a delivery of the batch may be sent: what is left of the
   * lease then still holds a whole attempt, `leaseMarginMs` and the wait for the write.
   */
  readonly sendBy: number;
  readonly webhookOf: (claimed: ClaimedDelivery) => Promise<LoadedWebhook | undefined>;
}

interface LoadedWebhook {
  readonly webhook: Webhook;
  readonly secrets: string[];
  /** The SSRF checks and DNS of the webhook's URL, done once per batch on first use. */
  readonly destination: () => Promise<CheckedDestination | HttpFailure>;
}

async function loadWebhook(
  deps: ServiceDeps,
  webhook: Webhook,
  now: Date,
  timeoutMs: number,
): Promise<LoadedWebhook> {
  let destination: Promise<CheckedDestination | HttpFailure> | undefined;
  return {
    webhook,
    secrets: await signingSecretsOf(webhook, { secretBox: deps.secretBox, now }),
    destination: () => {
      destination ??= checkDestination(deps, { url: webhook.url, timeoutMs });
      return destination;
    },
  };
}

/**
 * Claims up to `limit` due deliveries under a fresh lease. `writeDelayMs` is how long an outcome
 * may wait before it is written (the worker's `maxWriteDelayMs`; 0 for `runDue`, which writes as
 * soon as its batch is sent).
 */
export async function claimBatch(
  deps: ServiceDeps,
  input: { limit: number; writeDelayMs: number; skipWebhookIds?: readonly string[] } & DeliveryOptions,
): Promise<ClaimedBatch> {
  const leaseMs = input.leaseMs ?? defaultLeaseMs;
  const now = deps.clock.now();
  const items = await deps.storage.deliveries.claimDue({
    now,
    limit: input.limit,
    leaseMs,
    leaseToken: deps.ids.next({ prefix: 'lease' }),
    ...(input.skipWebhookIds?.length ? { skipWebhookIds: input.skipWebhookIds } : {}),
  });
  // One read and one secret decryption per webhook per batch, not per delivery.
  const webhooks = new Map<string, Promise<LoadedWebhook | undefined>>();
  const webhookOf = ({ delivery }: ClaimedDelivery) => {
    const key = `${delivery.affiliateId}\u0000${delivery.webhookId}`;
    let loaded = webhooks.get(key);
    if (!loaded) {
      loaded = deps.storage.webhooks
        .get({ affiliateId: delivery.affiliateId, id: delivery.webhookId })
        .then((webhook) => webhook && loadWebhook(deps, webhook, now, timeoutMsOf(input)));
      webhooks.set(key, loaded);
    }
    return loaded;
  };
  const leaseEndsAt = now.getTime() + leaseMs;
  return { items, leaseEndsAt, sendBy: leaseEndsAt - leaseNeededMs(input, input.writeDelayMs), webhookOf };
}

/** What became of one claimed delivery before its outcome is written. */
export type Settled =
  | { readonly kind: 'attempted'; readonly attempted: Attempted }
  | { readonly kind: 'cancelled'; readonly count: number }
  | { readonly kind: 'released'; readonly claimed: ClaimedDelivery }
  | { readonly kind: 'deferred'; readonly claimed: ClaimedDelivery; readonly until: Date };

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
  const counted = {
    succeeded: attempted.kind === 'succeeded',
    probe: admission === 'probe',
    at: attempted.item.outcome.attempt.attemptedAt,
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

/** A settled delivery as the `webhook.deliveries` counter counts it. */
function outcomeOf(
  one: Settled,
  late: ReadonlySet<Attempted>,
): { outcome: DeliveryOutcome; eventType?: string; count: number } {
  if (one.kind === 'attempted') {
    const { attempted } = one;
    const outcome = late.has(attempted) ? 'late' : attempted.kind;
    return { outcome, eventType: attempted.item.outcome.attempt.eventType, count: 1 };
  }
  if (one.kind === 'cancelled') return { outcome: 'cancelled', count: one.count };
  return { outcome: one.kind, eventType: one.claimed.delivery.eventType, count: 1 };
}

/** The log line of an attempt whose outcome the store refused: what it was, never its body. */
function logLate(deps: ServiceDeps, { item }: Attempted): void {
  const { attempt } = item.outcome;
  attemptLate(deps.logger, {
    affiliateId: attempt.affiliateId,
    webhookId: attempt.webhookId,
    deliveryId: attempt.deliveryId,
    eventId: attempt.eventId,
    eventType: attempt.eventType,
    attempt: attempt.attempt,
    succeeded: attempt.succeeded,
    latencyMs: attempt.latencyMs,
    ...(attempt.statusCode === undefined ? {} : { statusCode: attempt.statusCode }),
    ...(attempt.error === undefined ? {} : { error: attempt.error }),
  });
}

/**
 * Writes what a group of settled deliveries came to: every outcome in one round trip, unsent
 * claims given back (held ones due again when their breaker may let one through), and
 * endpoints disabled after a 410 or 5 days of failure. An outcome the store refuses came after
 * its lease ended and another worker claimed the delivery: it is logged (`webhook.attempt.late`)
 * and counted as `late`, not entered in the attempt log, whose numbering stays the next holder's.
 */
export async function recordSettled(
  deps: ServiceDeps,
  settled: readonly Settled[],
  options: DeliveryOptions,
): Promise<RunSummary> {
  const attempts: Attempted[] = [];
  const unsent: { claimed: ClaimedDelivery; until?: Date }[] = [];
  let cancelled = 0;
  let deferred = 0;
  for (const one of settled) {
    if (one.kind === 'attempted') attempts.push(one.attempted);
    else if (one.kind === 'released') unsent.push(one);
    else if (one.kind === 'deferred') {
      unsent.push(one);
      deferred += 1;
    } else cancelled += one.count;
  }
  // A connection lost to a restart is replaced within a second: the outcomes wait for it rather
  // than for their leases to end, when the deliveries would be sent a second time.
  const items = attempts.map((a) => a.item);
  const written = await retryWhileUnavailable(() => deps.storage.deliveries.completeMany({ items }));
  const recorded = attempts.filter((_, index) => written[index]);
  const late = new Set(attempts.filter((_, index) => !written[index]));
  for (const one of late) logLate(deps, one);
  if (unsent.length > 0) {
    const given = unsent.map(({ claimed: { delivery, leaseToken }, until }) => ({
      affiliateId: delivery.affiliateId,
      id: delivery.id,
      leaseToken,
      ...(until ? { nextAttemptAt: until } : {}),
    }));
    await retryWhileUnavailable(() => deps.storage.deliveries.release({ items: given }));
  }
  countDeliveries(settled.map((one) => outcomeOf(one, late)));
  // Only what the log holds: the next holder's attempt will say again what a late one said.
  await disableFailing(deps, recorded, options.disableAfterMs ?? fiveDaysMs);
  const count = (kind: Attempted['kind']) => recorded.filter((a) => a.kind === kind).length;
  return {
    claimed: settled.length,
    succeeded: count('succeeded'),
    retrying: count('retrying'),
    failed: count('failed'),
    cancelled,
    released: unsent.length - deferred,
    deferred,
    late: late.size,
  };
}

/**
 * Claims due deliveries, sends each to its webhook through the SSRF guard, records the attempt
 * and schedules what comes next (docs/api.md §11.3): a 2xx succeeds; 410 fails the delivery and disables
 * the endpoint; anything else retries on the schedule (8 attempts by default: one more than
 * `delays`), then fails and waits for a manual retry; 5 days of continuous failure disable the
 * endpoint. A deleted or disabled webhook's pending deliveries are cancelled. At most
 * `perEndpoint` sends go to one webhook at once, and a webhook whose circuit breaker is open
 * gets none. One call is one batch; `runWorker` keeps batches flowing without waiting for each
 * to finish.
 */
export async function runDue(
  deps: ServiceDeps,
  input: { limit: number } & DeliveryOptions,
): Promise<RunSummary> {
  // Outcomes are written once the batch is sent, on no timer: every send of it started in time.
  const batch = await claimBatch(deps, { ...input, writeDelayMs: 0 });
  const breakers = workerBreakers(deps, input);
  const slots = endpointSlots(perEndpointOf(input));
  const waiting = batch.items.map((claimed) => ({ claimed }));
  const settled: Settled[] = [];
  let parked: (() => void)[] = [];
  const sender = async () => {
    while (waiting.length > 0) {
      const index = slots.pick(waiting);
      if (index < 0) {
        await new Promise<void>((resolve) => parked.push(resolve));
        continue;
      }
      const [{ claimed }] = waiting.splice(index, 1) as [{ claimed: ClaimedDelivery }];
      const webhookId = claimed.delivery.webhookId;
      slots.take(webhookId);
      try {
        settled.push(await settleOne(deps, batch, claimed, input, breakers));
      } finally {
        slots.give(webhookId);
        const wake = parked;
        parked = [];
        for (const resolve of wake) resolve();
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(input.concurrency ?? defaultConcurrency, waiting.length) }, sender),
  );
  return recordSettled(deps, settled, input);
}

/** One sent attempt: the outcome to write, and what it means for its webhook. */
export interface Attempted {
  readonly item: Parameters<ServiceDeps['storage']['deliveries']['complete']>[0];
  readonly kind: 'succeeded' | 'retrying' | 'failed';
  readonly gone: boolean;
  readonly webhook: Webhook;
}

/**
 * Disables an endpoint (a 410, or days of failure) through the same write as the status call;
 * the call that disables it logs, counts and tells the host's `onEndpointDisabled`.
 */
async function disable(deps: ServiceDeps, webhook: Webhook, reason: AutomaticDisableReason): Promise<void> {
  await disableEndpoint(deps, { affiliateId: webhook.affiliateId, id: webhook.id, reason });
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
      await disable(deps, webhook, 'gone');
      continue;
    }
    const since = await deps.storage.deliveries.failingSince({
      affiliateId: webhook.affiliateId,
      webhookId: webhook.id,
    });
    const at = item.outcome.attempt.attemptedAt;
    if (since && at.getTime() - since.getTime() >= disableAfterMs) await disable(deps, webhook, 'failing');
  }
}

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
  const outcome = await watch.run(() => send(deps, loaded, claimed, attemptAt, timeoutMsOf(options)));
  const succeeded = outcome.ok && outcome.status >= 200 && outcome.status < 300;
  const gone = outcome.ok && outcome.status === 410;
  let status: DeliveryStatus = 'succeeded';
  let next: Date | undefined;
  if (!succeeded) {
    next = gone
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
  const kind = succeeded ? 'succeeded' : status === 'pending' ? 'retrying' : 'failed';
  watch.end({
    outcome: kind,
    latencyMs: item.outcome.attempt.latencyMs,
    ...(outcome.ok ? { statusCode: outcome.status } : { error: `${outcome.reason}: ${outcome.message}` }),
  });
  return { item, webhook, gone, kind };
}
