import type { BillingStore, StoredPaymentMethod } from '../../storage/billing-store';
import { type MemoryState, scopedKey } from './memory-state';

const byAge = (a: StoredPaymentMethod, b: StoredPaymentMethod) =>
  a.createdAt.getTime() - b.createdAt.getTime() || (a.method.id < b.method.id ? -1 : 1);

/**
 * The in-memory billing store. Profiles are keyed by affiliate (one each), methods by affiliate
 * and method id. `lockProfile` needs no lock of its own: memory transactions run one at a time.
 */
export function memoryBillingStore(state: MemoryState): BillingStore {
  return {
    async getProfile({ affiliateId }) {
      const found = state.billingProfiles.get(affiliateId);
      return found && structuredClone(found);
    },
    async lockProfile({ profile }) {
      if (!state.billingProfiles.has(profile.affiliateId)) {
        state.billingProfiles.set(profile.affiliateId, structuredClone(profile));
      }
      return structuredClone(state.billingProfiles.get(profile.affiliateId)!);
    },
    async setCustomer({ affiliateId, billingProfileId, customerId, updatedAt }) {
      const current = state.billingProfiles.get(affiliateId);
      if (!current || current.id !== billingProfileId || current.customerId !== undefined) return false;
      state.billingProfiles.set(affiliateId, { ...current, customerId, updatedAt });
      return true;
    },
    async listMethods({ affiliateId }) {
      return [...state.paymentMethods.values()]
        .filter((stored) => stored.affiliateId === affiliateId)
        .sort(byAge)
        .map((stored) => structuredClone(stored));
    },
    async getMethod({ affiliateId, paymentMethodId }) {
      const found = state.paymentMethods.get(scopedKey(affiliateId, paymentMethodId));
      return found && structuredClone(found);
    },
    async insertMethod({ method }) {
      const key = scopedKey(method.affiliateId, method.method.id);
      if (state.paymentMethods.has(key)) return false;
      state.paymentMethods.set(key, structuredClone(method));
      return true;
    },
    async setDefaultMethod({ affiliateId, paymentMethodId }) {
      if (!state.paymentMethods.has(scopedKey(affiliateId, paymentMethodId))) return false;
      for (const [key, stored] of state.paymentMethods) {
        if (stored.affiliateId !== affiliateId) continue;
        const isDefault = stored.method.id === paymentMethodId;
        if (stored.isDefault !== isDefault) state.paymentMethods.set(key, { ...stored, isDefault });
      }
      return true;
    },
  };
}
