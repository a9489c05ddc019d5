import {
  type BreakerOptions,
  backlogHeldUntil,
  breakerAfterAttempt,
  breakerGate,
} from '../areas/webhooks/breaker';
import { retryCompareAndSet } from '../base/compare-and-set';
import type { ServiceDeps } from '../deps/service-deps';
import { breakerChanged } from '../ports/telemetry/delivery-telemetry';
import type { Delivery } from '../storage/delivery-store';
import type { Webhook, WebhookBreaker } from '../storage/webhook-store';
import { type DeliveryOptions, probeGraceMs, timeoutMsOf } from './defaults';

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
  deps: Pick<ServiceDeps, 'storage' | 'logger'>,
  options: { readonly breaker?: BreakerOptions; readonly probeMs: number },
) {
  const seen = new Map<string, WebhookBreaker | undefined>();

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
      await moveBacklog(deps, webhook, { from, to: next });
    }
    return next;
  };

  return {
    /** The breaker as this worker knows it. */
    current,
    /** Whether a delivery to `webhook` may be sent at `now`, taking the probe when one is due. */
    async admit(webhook: Webhook, now: Date): Promise<Admission> {
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
    /** Counts an attempt's outcome: closes, counts towards opening, opens or reopens the breaker. */
    async record(webhook: Webhook, outcome: { succeeded: boolean; probe: boolean; at: Date }): Promise<void> {
      await write(webhook, (breaker) => breakerAfterAttempt(breaker, outcome, options.breaker));
    },
    /** Endpoints whose breaker holds deliveries back at `now`: not worth claiming. */
    holding(now: Date): string[] {
      const ids: string[] = [];
      for (const [id, breaker] of seen) {
        if (breaker && breaker.state !== 'closed' && breaker.retryAt! > now) ids.push(id);
      }
      return ids;
    },
  };
}

/**
 * What a breaker's change does to its endpoint's queue: opening (or probing) moves the pending
 * deliveries to the retry time, one of them to be the probe and the rest further on; closing
 * brings back at once what the breaker held. A worker that opened it may move the backlog just
 * after another closed it and brought the backlog back; so after moving it, the breaker is read
 * again, and a closed one brings the backlog back once more.
 */
async function moveBacklog(
  deps: Pick<ServiceDeps, 'storage'>,
  webhook: Webhook,
  change: { readonly from: WebhookBreaker['state']; readonly to: WebhookBreaker },
): Promise<void> {
  const { to } = change;
  const { affiliateId, id: webhookId } = webhook;
  const bringBack = (now: Date) =>
    deps.storage.deliveries.resume({
      affiliateId,
      webhookId,
      now,
      heldUntil: backlogHeldUntil(backlogHeldUntil(now)),
    });
  if (to.state === 'closed') {
    if (change.from !== 'closed') await bringBack(to.changedAt);
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
    await bringBack(after.breaker?.changedAt ?? to.changedAt);
}

/** The breakers one worker knows; see {@link breakerBook}. */
export type BreakerBook = ReturnType<typeof breakerBook>;

/** The circuit breakers a worker keeps, with the probe window its time-out implies. */
export function workerBreakers(
  deps: Pick<ServiceDeps, 'storage' | 'logger'>,
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
