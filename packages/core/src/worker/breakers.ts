import {
  type BreakerOptions,
  backlogHeldUntil,
  breakerAfterAttempt,
  breakerGate,
} from '../areas/webhooks/breaker';
import { retryCompareAndSet } from '../base/compare-and-set';
import { announce } from '../deps/operational-events';
import type { ServiceDeps } from '../deps/service-deps';
import { breakerChanged } from '../ports/telemetry/delivery-telemetry';
import type { Delivery } from '../storage/delivery-store';
import type { Webhook, WebhookBreaker } from '../storage/webhook-store';
import { type DeliveryOptions, probeGraceMs, timeoutMsOf } from './defaults';

/** One attempt as the circuit breaker counts it; see {@link breakerBook}'s `record`. */
export interface AttemptCount {
  readonly succeeded: boolean;
  readonly probe: boolean;
  readonly at: Date;
  /** The receiver answered 429. */
  readonly throttled?: boolean;
  /** Until when the receiver's `Retry-After` asked its deliveries to wait. */
  readonly holdUntil?: Date;
}

/** Whether a delivery goes now: sent, sent as the probe of an open breaker, or held until a time. */
export type Admission = 'send' | 'probe' | Date;

/**
 * What one worker knows of its webhooks' circuit breakers: the newer of what it last wrote and
 * what it last read, so a breaker this worker opened holds for the rest of its claimed batches
 * and one another worker closed is seen at the next read. Writes are compare-and-sets on the
 * stored breaker; a lost race re-reads and decides again, so of many workers one opens it and
 * one sends the probe. Opening (or probing) also moves the endpoint's other pending deliveries
 * to when the breaker may next let one through, so claims stop returning them.
 */
export function breakerBook(
  deps: Pick<ServiceDeps, 'storage' | 'logger' | 'onOperationalEvent'>,
  options: { readonly breaker?: BreakerOptions; readonly probeMs: number },
) {
  const seen = new Map<string, WebhookBreaker | undefined>();
  const holds = retryAfterHolds(deps);

  const current = (webhook: Webhook): WebhookBreaker | undefined => {
    const read = webhook.breaker;
    if (!seen.has(webhook.id)) return read;
    const mine = seen.get(webhook.id);
    if (!mine || !read) return mine ?? read;
    return mine.changedAt >= read.changedAt ? mine : read;
  };

  /** Writes what `change` makes of the breaker, re-reading on a lost race; returns what it wrote. */
  const write = async (
    webhook: Webhook,
    change: (breaker: WebhookBreaker | undefined) => WebhookBreaker | undefined,
  ): Promise<WebhookBreaker | undefined> => {
    const { affiliateId, id } = webhook;
    let remembered = true;
    let from: WebhookBreaker['state'] = 'closed';
    let failuresBefore = 0;
    let before: WebhookBreaker | undefined;
    const written = await retryCompareAndSet({
      // First what this worker knows; after a lost race, what another worker wrote.
      read: async () => {
        if (remembered) {
          remembered = false;
          return { breaker: current(webhook) };
        }
        const fresh = await deps.storage.webhooks.get({ affiliateId, id });
        if (fresh) seen.set(id, fresh.breaker);
        return fresh && { breaker: fresh.breaker };
      },
      write: async ({ breaker }) => {
        const next = change(breaker);
        if (!next) return { next };
        from = breaker?.state ?? 'closed';
        failuresBefore = breaker?.failures ?? 0;
        before = breaker;
        const landed = await deps.storage.webhooks.setBreaker({
          affiliateId,
          id,
          breaker: next,
          expected: breaker,
        });
        return landed ? { next } : undefined;
      },
    });
    const next = written?.next;
    if (next) {
      seen.set(id, next);
      if (next.state !== from) {
        breakerChanged(deps.logger, {
          affiliateId,
          webhookId: id,
          from,
          to: next.state,
          failures: next.failures,
          ...(next.retryAt ? { retryAt: next.retryAt } : {}),
        });
      }
      // The write that closes an opened breaker lands once, whichever worker's success it was.
      if (next.state === 'closed' && (from as WebhookBreaker['state']) !== 'closed')
        recovered(deps, { affiliateId, webhookId: id, at: next.changedAt, failures: failuresBefore });
      await moveBacklog(deps, webhook, { from: before, to: next });
    }
    return next;
  };

  return {
    /** The breaker as this worker knows it. */
    current,
    /** Whether a delivery to `webhook` may go at `now`: a `Retry-After` hold first, then the breaker's probe. */
    async admit(webhook: Webhook, now: Date): Promise<Admission> {
      const held = holds.until(webhook.id, now);
      if (held) return held;
      let admission: Admission = 'send';
      await write(webhook, (breaker) => {
        const gate = breakerGate(breaker, now, options.probeMs);
        if ('probe' in gate) {
          admission = 'probe';
          return gate.probe;
        }
        admission = 'until' in gate ? gate.until : 'send';
        return undefined;
      });
      return admission;
    },
    /**
     * Counts an attempt's outcome: closes, counts towards opening, opens or reopens the breaker.
     * A 429 (`throttled`) shows the receiver up: it counts for nothing, or closes the breaker when
     * it answered the probe. A `holdUntil` (the receiver's `Retry-After`) holds the webhook's
     * other deliveries, here and in storage, until then.
     */
    async record(webhook: Webhook, outcome: AttemptCount): Promise<void> {
      const { throttled, holdUntil, ...counted } = outcome;
      if (!throttled || counted.probe) {
        const succeeded = counted.succeeded || throttled === true;
        await write(webhook, (breaker) =>
          breakerAfterAttempt(breaker, { ...counted, succeeded }, options.breaker),
        );
      }
      // After the breaker's write, so a breaker closing cannot bring back what the receiver held.
      if (holdUntil) await holds.hold(webhook, holdUntil, counted.at);
    },
    /** Endpoints whose breaker holds deliveries back at `now`: not worth claiming. */
    holding(now: Date): string[] {
      const ids: string[] = [];
      for (const [id, breaker] of seen) {
        if (breaker && breaker.state !== 'closed' && breaker.retryAt! > now) ids.push(id);
      }
      return [...ids, ...holds.holding(now)];
    },
  };
}

/** `endpoint.recovered`: a success closed a breaker that had opened, after `failures` failed attempts. */
function recovered(
  deps: Pick<ServiceDeps, 'logger' | 'onOperationalEvent'>,
  fields: { affiliateId: string; webhookId: string; at: Date; failures: number },
): void {
  announce(deps, { type: 'endpoint.recovered', ...fields });
}

/**
 * What receivers' `Retry-After` holds back in one worker (docs/api.md §11.10): per webhook, until
 * when its deliveries wait, those claimed here and (moved in storage) its pending ones.
 */
function retryAfterHolds(deps: Pick<ServiceDeps, 'storage'>) {
  const held = new Map<string, Date>();
  return {
    /** Until when `webhookId` is held at `now`; undefined when it is not. */
    until(webhookId: string, now: Date): Date | undefined {
      const until = held.get(webhookId);
      return until && until > now ? until : undefined;
    },
    /** Holds the webhook's deliveries until `until`: those claimed here, and its pending ones in storage. */
    async hold(webhook: Webhook, until: Date, now: Date): Promise<void> {
      if ((held.get(webhook.id) ?? now) < until) held.set(webhook.id, until);
      const { affiliateId, id: webhookId } = webhook;
      await deps.storage.deliveries.defer({ affiliateId, webhookId, until, now });
    },
    /** The webhooks held at `now`, forgetting those no longer held. */
    holding(now: Date): string[] {
      for (const [id, until] of held) if (until <= now) held.delete(id);
      return [...held.keys()];
    },
  };
}

/**
 * What a breaker's change does to its endpoint's queue: opening (or probing) moves the pending
 * deliveries to the retry time, one of them to be the probe and the rest further on; closing
 * brings back at once what the breaker held: the deliveries moved past its retry times since it
 * opened, and not the retries that were due later anyway. A worker that opened it may move the
 * backlog just after another closed it and brought the backlog back; so after moving it, the
 * breaker is read again, and a closed one brings the backlog back once more.
 */
async function moveBacklog(
  deps: Pick<ServiceDeps, 'storage'>,
  webhook: Webhook,
  change: { readonly from: WebhookBreaker | undefined; readonly to: WebhookBreaker },
): Promise<void> {
  const { from, to } = change;
  const { affiliateId, id: webhookId } = webhook;
  const bringBack = (held: WebhookBreaker, now: Date) =>
    deps.storage.deliveries.resume({
      affiliateId,
      webhookId,
      now,
      heldFrom: backlogHeldUntil(held.openedAt ?? held.changedAt),
      heldUntil: backlogHeldUntil(held.retryAt ?? now),
    });
  if (to.state === 'closed') {
    if (from && from.state !== 'closed') await bringBack(from, to.changedAt);
    return;
  }
  const until = to.retryAt!;
  await deps.storage.deliveries.defer({
    affiliateId,
    webhookId,
    until,
    now: to.changedAt,
    backlogUntil: backlogHeldUntil(until),
  });
  const after = await deps.storage.webhooks.get({ affiliateId, id: webhookId });
  if (after && (after.breaker?.state ?? 'closed') === 'closed')
    await bringBack(to, after.breaker?.changedAt ?? to.changedAt);
}

/** The breakers one worker knows; see {@link breakerBook}. */
export type BreakerBook = ReturnType<typeof breakerBook>;

/** The circuit breakers a worker keeps, with the probe window its time-out implies. */
export function workerBreakers(
  deps: Pick<ServiceDeps, 'storage' | 'logger' | 'onOperationalEvent'>,
  options: DeliveryOptions,
): BreakerBook {
  // A probe that has not reported within a whole attempt and a second is taken to have died.
  const probeMs = timeoutMsOf(options) + probeGraceMs;
  return breakerBook(deps, { probeMs, ...(options.breaker ? { breaker: options.breaker } : {}) });
}

/**
 * Deferral of an endpoint whose every slot is held by a slow send: the rest of its due
 * deliveries are put back by one time-out (once per time-out per endpoint), so claims stop
 * reading past them while its breaker has yet to open. A failed write goes to `report`.
 */
export function slowEndpointHolds(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  options: DeliveryOptions,
  report: (error: unknown) => void,
): (delivery: Pick<Delivery, 'affiliateId' | 'webhookId'>) => void {
  const heldBack = new Map<string, number>();
  return (delivery) => {
    const now = deps.clock.now();
    if ((heldBack.get(delivery.webhookId) ?? 0) > now.getTime()) return;
    const until = new Date(now.getTime() + timeoutMsOf(options));
    heldBack.set(delivery.webhookId, until.getTime());
    deps.storage.deliveries
      .defer({ affiliateId: delivery.affiliateId, webhookId: delivery.webhookId, until, now })
      .catch(report);
  };
}
