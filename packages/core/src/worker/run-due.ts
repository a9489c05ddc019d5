import type { ServiceDeps } from '../deps/service-deps';
import type { ClaimedDelivery } from '../storage/delivery-store';
import { workerBreakers } from './breakers';
import { claimBatch } from './claimer';
import { concurrencyOf, type DeliveryOptions, perEndpointOf } from './defaults';
import { endpointSlots } from './endpoint-slots';
import { type RunSummary, recordSettled } from './outcome-writer';
import { type Settled, settleOne } from './senders';
import { throttleBook } from './throttles';

/**
 * Claims due deliveries, sends each to its webhook through the SSRF guard, records the attempt
 * and schedules what comes next (docs/api.md §11.3): a 2xx succeeds; 410 fails the delivery and disables
 * the endpoint; anything else retries on the schedule (8 attempts by default: one more than
 * `delays`), then fails and waits for a manual retry; 5 days of continuous failure disable the
 * endpoint. A deleted or disabled webhook's pending deliveries are cancelled. At most
 * `perEndpoint` sends go to one webhook at once, and a webhook whose circuit breaker is open
 * gets none. A webhook with a `rateLimit` gets its deliveries at their send slots, shared with
 * every worker: the call waits for slots starting within 2 s, and gives the rest back unsent
 * (counted as `deferred`, spending no attempt). One call is one batch; `runWorker` keeps batches
 * flowing without waiting for each to finish.
 */
export async function runDue(
  deps: ServiceDeps,
  input: { limit: number } & DeliveryOptions,
): Promise<RunSummary> {
  // Outcomes are written once the batch is sent, on no timer: every send of it started in time.
  const batch = await claimBatch(deps, { ...input, writeDelayMs: 0 });
  const breakers = workerBreakers(deps, input);
  const slots = endpointSlots(perEndpointOf(input));
  const throttles = throttleBook(deps, {
    report: (cause) =>
      deps.logger.warn('Send slots of a throttled webhook not reserved', {
        event: 'webhook.throttle.failing',
        cause,
      }),
  });
  const unsent = await throttles.admit(batch, deps.clock.now());
  const given = new Set(unsent.map(({ claimed }) => claimed));
  const waiting = batch.items.filter((claimed) => !given.has(claimed)).map((claimed) => ({ claimed }));
  const settled: Settled[] = unsent.map(({ claimed, until }) => ({
    kind: 'deferred',
    claimed,
    until: until!,
  }));
  let parked: (() => void)[] = [];
  /** Waits for a send to end, or for the next send slot to start (in `inMs`). */
  const park = (inMs: number | undefined) =>
    new Promise<void>((resolve) => {
      const timer = inMs === undefined ? undefined : setTimeout(resolve, Math.ceil(inMs));
      parked.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  const sender = async () => {
    while (waiting.length > 0) {
      const index = throttles.pick(waiting, slots);
      if (index < 0) {
        await park(throttles.nextIn(waiting));
        continue;
      }
      const [{ claimed }] = waiting.splice(index, 1) as [{ claimed: ClaimedDelivery }];
      if (throttles.late(claimed)) {
        settled.push({ kind: 'released', claimed });
        continue;
      }
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
  await Promise.all(Array.from({ length: Math.min(concurrencyOf(input), waiting.length) }, sender));
  return recordSettled(deps, settled, input);
}
