import type { DeliveryStore } from '../../storage/delivery-store';
import type { MemoryOutbox } from './memory-outbox';
import { scopedKey } from './memory-state';

/** Retention: finished deliveries, their attempts, and events no delivery refers to. */
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
