import type { AffiliateStore } from '../../storage/affiliate-store';
import type { MemoryState } from './memory-state';

/** The in-memory affiliate store. */
export function memoryAffiliateStore(state: MemoryState): AffiliateStore {
  return {
    async upsert({ affiliate }) {
      state.affiliates.set(affiliate.id, structuredClone(affiliate));
    },
    async get({ affiliateId }) {
      const found = state.affiliates.get(affiliateId);
      return found && structuredClone(found);
    },
  };
}
