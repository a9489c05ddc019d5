import { compareBytes } from '../../areas/coupons/usage-row-order';
import type { CaseStore } from '../../storage/case-store';
import { type MemoryState, scopedKey } from './memory-state';

/**
 * The in-memory case store; reads `state` on every call so a rolled-back transaction
 * restores it whole.
 */
export function memoryCaseStore(state: MemoryState): CaseStore {
  return {
    async saveRequestType({ requestType }) {
      state.caseRequestTypes.set(
        scopedKey(requestType.affiliateId, requestType.requestTypeId),
        structuredClone(requestType),
      );
    },
    async getRequestType({ affiliateId, requestTypeId }) {
      const found = state.caseRequestTypes.get(scopedKey(affiliateId, requestTypeId));
      return found && structuredClone(found);
    },
    async listRequestTypes({ affiliateId }) {
      return (
        [...state.caseRequestTypes.values()]
          .filter((type) => type.affiliateId === affiliateId)
          // PostgreSQL orders these with the "C" collation (UTF-8 bytes); so does this.
          .sort((a, b) => compareBytes(a.requestTypeId, b.requestTypeId))
          .map((type) => structuredClone(type))
      );
    },
    async saveCase({ caseRecord }) {
      state.cases.set(scopedKey(caseRecord.affiliateId, caseRecord.id), structuredClone(caseRecord));
    },
    async getCase({ affiliateId, id }) {
      const found = state.cases.get(scopedKey(affiliateId, id));
      return found && structuredClone(found);
    },
    async setCaseStatus({ affiliateId, id, status, statusCategory, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      const current = state.cases.get(key);
      if (!current) return undefined;
      const updated = { ...current, status, statusCategory, updatedAt };
      state.cases.set(key, updated);
      return structuredClone(updated);
    },
  };
}

/** @deprecated Use {@link memoryCaseStore}. Removed in 0.3.0. */
export const memorySupportStore = memoryCaseStore;
