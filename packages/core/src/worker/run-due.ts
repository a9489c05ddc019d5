import type { ServiceDeps } from '../deps/service-deps';
import type { ClaimedDelivery } from '../storage/delivery-store';
import { workerBreakers } from './breakers';
import { claimBatch } from './claimer';
import { concurrencyOf, type DeliveryOptions, perEndpointOf } from './defaults';
import { endpointSlots } from './endpoint-slots';
import { type RunSummary, recordSettled } from './outcome-writer';
import { type Settled, settleOne } from './senders';

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
  await Promise.all(Array.from({ length: Math.min(concurrencyOf(input), waiting.length) }, sender));
  return recordSettled(deps, settled, input);
}
