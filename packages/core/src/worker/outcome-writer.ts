import { disableEndpoint } from '../areas/webhooks/disable-webhook';
import type { ServiceDeps } from '../deps/service-deps';
import {
  type AutomaticDisableReason,
  attemptLate,
  countDeliveries,
  type DeliveryOutcome,
} from '../ports/telemetry/delivery-telemetry';
import type { Webhook } from '../storage/webhook-store';
import { releaseClaims, type Unsent } from './claimer';
import { type DeliveryOptions, defaultDisableAfterMs } from './defaults';
import { announceExhausted, announceFailing } from './operational-announcements';
import type { OutageLog } from './outage-log';
import { retryWhileUnavailable } from './outage-retry';
import type { Attempted, Settled } from './senders';

/** What one `runDue` call did. */
export interface RunSummary {
  readonly claimed: number;
  readonly succeeded: number;
  readonly retrying: number;
  readonly failed: number;
  readonly cancelled: number;
  /** Claimed but given back unsent: too little of the lease was left, or the worker was stopping. */
  readonly released: number;
  /**
   * Claimed but held back unsent, spending no attempt: their webhook's circuit breaker is open, or
   * its `rateLimit` had no send slot for them yet.
   */
  readonly deferred: number;
  /**
   * Sent, but the outcome came after the lease had ended and another worker had claimed the
   * delivery: not recorded (a `webhook.attempt.late` warning says what it was); whoever holds the
   * delivery now sends it again.
   */
  readonly late: number;
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
 * Says when an ordered webhook's delivery failed for good: the next delivery about the same
 * entity, held back until now, goes next, so the receiver will see that entity's later events
 * without this one.
 */
function logOrderingReleased(deps: ServiceDeps, recorded: readonly Attempted[]): void {
  for (const { kind, item, orderingKey } of recorded) {
    if (kind !== 'failed' || orderingKey === undefined) continue;
    const { attempt } = item.outcome;
    deps.logger.warn('An ordered delivery failed for good; the next one about its entity goes now', {
      event: 'webhook.ordering.released',
      affiliateId: attempt.affiliateId,
      webhookId: attempt.webhookId,
      deliveryId: attempt.deliveryId,
      eventId: attempt.eventId,
      entity: orderingKey,
    });
  }
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
  const unsent: Unsent[] = [];
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
  logOrderingReleased(deps, recorded);
  await releaseClaims(deps, unsent);
  countDeliveries(settled.map((one) => outcomeOf(one, late)));
  // Only what the log holds: the next holder's attempt will say again what a late one said.
  await disableFailing(deps, recorded, options.disableAfterMs ?? defaultDisableAfterMs);
  announceExhausted(deps, recorded);
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
    else if (since) await announceFailing(deps, { webhook, since, at, disableAfterMs });
  }
}

/** When a group's outcomes are due again (retries, and deliveries held by a breaker). */
export function dueTimes(group: readonly Settled[]): number[] {
  const times: number[] = [];
  for (const one of group) {
    const at =
      one.kind === 'attempted'
        ? one.attempted.item.outcome.nextAttemptAt
        : one.kind === 'deferred'
          ? one.until
          : undefined;
    if (at) times.push(at.getTime());
  }
  return times;
}

/** The outcomes of a running worker, written in groups; see {@link groupedWrites}. */
export interface GroupedWrites {
  /** An outcome to write. */
  add(settled: Settled): void;
  /**
   * After a send: writes when a group is due, else makes sure a write is scheduled. Answers the
   * write to wait for when twice `batchSize` outcomes wait (the sender waits on it), else nothing.
   */
  afterSend(): Promise<void> | undefined;
  /** Stopping: writes `last` and everything waiting, one write after another, until none is left. */
  drain(last: readonly Settled[]): Promise<void>;
}

/**
 * Outcomes wait here for the one write in flight. A write takes everything waiting; it starts
 * when `batchSize` outcomes wait, when there is nothing left to send (`nothingToSend`), or
 * `maxWriteDelayMs` after the first outcome arrived, so groups stay large under load and outcomes
 * of a trickle are still written promptly. A failed write is reported and its outcomes dropped:
 * they keep their lease, and once it ends the deliveries are sent again.
 */
export function groupedWrites(
  deps: ServiceDeps,
  options: DeliveryOptions,
  writes: {
    readonly batchSize: number;
    readonly maxWriteDelayMs: number;
    readonly storage: OutageLog;
    readonly nothingToSend: () => boolean;
    /** A group was written: its summary, and when its outcomes are due again. */
    readonly written: (summary: RunSummary, dueTimes: readonly number[]) => void;
  },
): GroupedWrites {
  const { batchSize, maxWriteDelayMs, storage } = writes;
  let unwritten: Settled[] = [];
  let writing: Promise<void> | undefined;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  let draining = false;
  const due = () =>
    unwritten.length >= batchSize || (unwritten.length > 0 && (draining || writes.nothingToSend()));
  const write = (): Promise<void> => {
    clearTimeout(writeTimer);
    writeTimer = undefined;
    if (writing || unwritten.length === 0) return writing ?? Promise.resolve();
    writing = (async () => {
      do {
        const group = unwritten;
        unwritten = [];
        try {
          // Written first, whether or not anyone listens for the summary.
          const summary = await recordSettled(deps, group, options);
          storage.succeeded();
          writes.written(summary, dueTimes(group));
        } catch (error) {
          // Unwritten outcomes keep their lease; once it ends, the deliveries are sent again.
          storage.failed(error);
        }
      } while (due());
      writing = undefined;
      if (unwritten.length > 0) schedule();
    })();
    return writing;
  };
  const schedule = () => {
    writeTimer ??= setTimeout(() => void write(), maxWriteDelayMs);
  };
  return {
    add(settled) {
      unwritten.push(settled);
    },
    afterSend() {
      if (unwritten.length >= 2 * batchSize) return write();
      if (due()) void write();
      else if (unwritten.length > 0) schedule();
      return undefined;
    },
    async drain(last) {
      unwritten.push(...last);
      draining = true;
      while (writing || unwritten.length > 0) await write();
      clearTimeout(writeTimer);
    },
  };
}
