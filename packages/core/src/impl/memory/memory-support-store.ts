import { compareBytes } from '../../areas/coupons/usage-row-order';
import type { SupportStore } from '../../storage/support-store';
import { type MemoryState, scopedKey } from './memory-state';

/**
 * The in-memory support store; reads `state` on every call so a rolled-back transaction
 * restores it whole.
 */
export function memorySupportStore(state: MemoryState): SupportStore {
  return {
    async saveRequestType({ requestType }) {
      state.supportRequestTypes.set(
        scopedKey(requestType.affiliateId, requestType.requestTypeId),
        structuredClone(requestType),
      );
    },
    async getRequestType({ affiliateId, requestTypeId }) {
      const found = state.supportRequestTypes.get(scopedKey(affiliateId, requestTypeId));
      return found && structuredClone(found);
    },
    async listRequestTypes({ affiliateId }) {
      return (
        [...state.supportRequestTypes.values()]
          .filter((type) => type.affiliateId === affiliateId)
          // PostgreSQL orders these with the "C" collation (UTF-8 bytes); so does this.
          .sort((a, b) => compareBytes(a.requestTypeId, b.requestTypeId))
          .map((type) => structuredClone(type))
      );
    },
    async saveCase({ supportCase }) {
      state.supportCases.set(
        scopedKey(supportCase.affiliateId, supportCase.id),
        structuredClone(supportCase),
      );
    },
    async getCase({ affiliateId, id }) {
      const found = state.supportCases.get(scopedKey(affiliateId, id));
      return found && structuredClone(found);
    },
    async setCaseStatus({ affiliateId, id, status, statusCategory, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      const current = state.supportCases.get(key);
      if (!current) return undefined;
      const updated = { ...current, status, statusCategory, updatedAt };
      state.supportCases.set(key, updated);
      return structuredClone(updated);
    },
  };
}
