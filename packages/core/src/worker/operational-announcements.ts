import { retryCompareAndSet } from '../base/compare-and-set';
import { announce, failingFractions } from '../deps/operational-events';
import type { ServiceDeps } from '../deps/service-deps';
import type { Webhook } from '../storage/webhook-store';
import type { Attempted } from './senders';

type AnnounceDeps = Pick<
  ServiceDeps,
  'storage' | 'logger' | 'onOperationalEvent' | 'operationsOutbox' | 'operationalLog'
>;

/** `delivery.exhausted` for each recorded outcome that failed the delivery for good. */
export function announceExhausted(deps: AnnounceDeps, recorded: readonly Attempted[]): void {
  for (const { kind, item } of recorded) {
    if (kind !== 'failed') continue;
    const { attempt } = item.outcome;
    announce(deps, {
      type: 'delivery.exhausted',
      affiliateId: attempt.affiliateId,
      webhookId: attempt.webhookId,
      at: attempt.attemptedAt,
      deliveryId: attempt.deliveryId,
      eventId: attempt.eventId,
      eventType: attempt.eventType,
      attempts: attempt.attempt,
      ...(attempt.statusCode === undefined ? {} : { lastStatusCode: attempt.statusCode }),
    });
  }
}

/** The highest of {@link failingFractions} that `elapsedMs` of failure has reached, if any. */
export function failingFractionOf(elapsedMs: number, disableAfterMs: number) {
  let reached: (typeof failingFractions)[number] | undefined;
  for (const fraction of failingFractions) if (elapsedMs >= fraction * disableAfterMs) reached = fraction;
  return reached;
}

const announced = (webhook: Webhook, since: Date, fraction: number): boolean =>
  webhook.failingNotice !== undefined &&
  webhook.failingNotice.since.getTime() === since.getTime() &&
  webhook.failingNotice.fraction >= fraction;

/**
 * `endpoint.failing` when an endpoint failing since `since` has reached a new fraction of
 * `disableAfterMs` at `at`. The fraction announced is kept on the webhook by a compare-and-set,
 * so of workers racing, and across restarts, one announces each fraction of a failing streak.
 */
export async function announceFailing(
  deps: AnnounceDeps,
  input: { webhook: Webhook; since: Date; at: Date; disableAfterMs: number },
): Promise<void> {
  const { since, at, disableAfterMs } = input;
  const fraction = failingFractionOf(at.getTime() - since.getTime(), disableAfterMs);
  if (fraction === undefined || announced(input.webhook, since, fraction)) return;
  const { affiliateId, id } = input.webhook;
  const won = await retryCompareAndSet({
    read: () => deps.storage.webhooks.get({ affiliateId, id }),
    write: async (current) => {
      if (announced(current, since, fraction)) return false;
      // Not a configuration change: `updatedAt` stays, only the revision guards the write.
      const next: Webhook = {
        ...current,
        failingNotice: { since, fraction },
        revision: current.revision + 1,
      };
      return (await deps.storage.webhooks.replace({ webhook: next, expectedRevision: current.revision }))
        ? true
        : undefined;
    },
  });
  if (!won) return;
  announce(deps, {
    type: 'endpoint.failing',
    affiliateId,
    webhookId: id,
    at,
    fraction,
    failingSince: since,
    disableAt: new Date(since.getTime() + disableAfterMs),
  });
}
