import type { SubscriptionStore } from '../../storage/subscription-store';
import { type MemoryState, scopedKey } from './memory-state';

/** The in-memory subscription store. */
export function memorySubscriptionStore(state: MemoryState): SubscriptionStore {
  return {
    async upsert({ subscription }) {
      state.subscriptions.set(
        scopedKey(subscription.affiliateId, subscription.id),
        structuredClone(subscription),
      );
    },
    async get({ affiliateId, id }) {
      const found = state.subscriptions.get(scopedKey(affiliateId, id));
      return found && structuredClone(found);
    },
    async moveRenewal({ affiliateId, id, from, to, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      const current = state.subscriptions.get(key);
      if (!current || current.nextBillingDate.getTime() !== from.getTime()) return undefined;
      const shift = to.getTime() - from.getTime();
      const updated = {
        ...current,
        nextBillingDate: new Date(to),
        ...(current.endDate ? { endDate: new Date(current.endDate.getTime() + shift) } : {}),
        updatedAt,
      };
      state.subscriptions.set(key, updated);
      return structuredClone(updated);
    },
  };
}
