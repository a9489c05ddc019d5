import { capResponseBody, type DeliveryStore } from '../../storage/delivery-store';
import { countAttempt } from './memory-attempt-hours';
import { copy, type MemoryOutbox } from './memory-outbox';
import { scopedKey } from './memory-state';

/** Outcomes: attempts written under their lease, pending deliveries cancelled, and how long an endpoint has been failing. */
export function memoryDeliveryOutcomes(
  outbox: MemoryOutbox,
): Pick<DeliveryStore, 'complete' | 'completeMany' | 'cancelPending' | 'failingSince'> {
  const { state, leases, update } = outbox;
  const outcomes: Pick<DeliveryStore, 'complete' | 'completeMany' | 'cancelPending' | 'failingSince'> = {
    async completeMany({ items }) {
      const results: boolean[] = [];
      for (const item of items) results.push(await outcomes.complete(item));
      return results;
    },
    async complete({ affiliateId, id, leaseToken, outcome, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      // A lost lease writes nothing: the holder now logs this attempt number itself.
      if (leases.get(key)?.token !== leaseToken) return false;
      leases.delete(key);
      const { attempt } = outcome;
      state.deliveryAttempts.push(
        copy(
          attempt.responseBody === undefined
            ? attempt
            : { ...attempt, responseBody: capResponseBody(attempt.responseBody) },
        ),
      );
      countAttempt(state, attempt);
      const current = state.deliveries.get(key)!;
      update(key, {
        status: outcome.status,
        attempts: current.attempts + 1,
        nextAttemptAt: outcome.nextAttemptAt,
        lastAttemptAt: outcome.attempt.attemptedAt,
        lastStatusCode: outcome.attempt.statusCode,
        updatedAt,
      });
      return true;
    },
    async cancelPending({ affiliateId, webhookId, now }) {
      let count = 0;
      for (const [key, delivery] of state.deliveries) {
        if (
          delivery.affiliateId !== affiliateId ||
          delivery.webhookId !== webhookId ||
          delivery.status !== 'pending'
        )
          continue;
        // A send in flight loses its lease, and writes nothing when it ends.
        leases.delete(key);
        update(key, { status: 'cancelled', updatedAt: now });
        count += 1;
      }
      return count;
    },
    async failingSince({ affiliateId, webhookId }) {
      let since: Date | undefined;
      const mine = state.deliveryAttempts
        .filter((a) => a.affiliateId === affiliateId && a.webhookId === webhookId)
        .sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime());
      for (const attempt of mine) {
        if (attempt.succeeded) since = undefined;
        else since ??= attempt.attemptedAt;
      }
      return since && new Date(since);
    },
  };
  return outcomes;
}
