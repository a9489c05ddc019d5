import type { DeliveryStore } from '../../storage/delivery-store';
import { pruneAttemptHours } from './memory-attempt-hours';
import type { MemoryOutbox } from './memory-outbox';
import { scopedKey } from './memory-state';

/** Retention: finished deliveries, their attempts, events no delivery refers to, and old hour counts. */
export function memoryDeliveryPruning(outbox: MemoryOutbox): Pick<DeliveryStore, 'prune'> {
  const { state } = outbox;
  return {
    async prune({ succeededBefore, failedBefore, limit }) {
      const doomed = new Set<string>();
      for (const [key, d] of state.deliveries) {
        if (doomed.size >= limit) break;
        const before =
          d.status === 'failed' ? failedBefore : d.status === 'pending' ? undefined : succeededBefore;
        if (before && d.updatedAt < before) doomed.add(key);
      }
      for (const key of doomed) state.deliveries.delete(key);
      const attemptsBefore = state.deliveryAttempts.length;
      state.deliveryAttempts = state.deliveryAttempts.filter(
        (a) => !doomed.has(scopedKey(a.affiliateId, a.deliveryId)),
      );
      const referenced = new Set(
        [...state.deliveries.values()].map((d) => scopedKey(d.affiliateId, d.eventId)),
      );
      let events = 0;
      // Hour counts go once this age's deliveries are done, as the lone events do on PostgreSQL.
      if (doomed.size < limit)
        pruneAttemptHours(state, succeededBefore < failedBefore ? succeededBefore : failedBefore);
      for (const [key, event] of state.events) {
        if (events >= limit) break;
        if (event.occurredAt >= succeededBefore || referenced.has(key)) continue;
        state.events.delete(key);
        events += 1;
      }
      return {
        deliveries: doomed.size,
        attempts: attemptsBefore - state.deliveryAttempts.length,
        events,
      };
    },
  };
}
