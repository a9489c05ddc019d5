import type { CouponRedemption, Order, OrderStore } from '../../storage/order-store';
import { type MemoryState, type StoredCouponRedemption, scopedKey } from './memory-state';

/** Redemption ids are unique within their order. */
const redemptionKey = (affiliateId: string, orderId: string, id: string) =>
  scopedKey(affiliateId, `${orderId}\u0000${id}`);

function toRedemption(stored: StoredCouponRedemption): CouponRedemption {
  const { position: _position, ...redemption } = stored;
  return structuredClone(redemption);
}

/** The in-memory order store. */
export function memoryOrderStore(state: MemoryState): OrderStore {
  return {
    async save({ order, couponRedemptions, keepCreatedAt }) {
      const previous = state.orders.get(scopedKey(order.affiliateId, order.id));
      for (const [key, stored] of state.couponRedemptions) {
        if (stored.affiliateId === order.affiliateId && stored.orderId === order.id) {
          state.couponRedemptions.delete(key);
        }
      }
      const createdAt = keepCreatedAt && previous ? previous.createdAt : order.createdAt;
      state.orders.set(scopedKey(order.affiliateId, order.id), structuredClone({ ...order, createdAt }));
      couponRedemptions.forEach((redemption, position) => {
        const stored: StoredCouponRedemption = {
          ...structuredClone(redemption),
          affiliateId: order.affiliateId,
          orderId: order.id,
          position,
        };
        state.couponRedemptions.set(redemptionKey(order.affiliateId, order.id, redemption.id), stored);
      });
      return previous && structuredClone(previous);
    },
    async get({ affiliateId, id }) {
      const found = state.orders.get(scopedKey(affiliateId, id));
      return found && structuredClone(found);
    },
    async couponRedemptions({ affiliateId, orderId }) {
      return [...state.couponRedemptions.values()]
        .filter((stored) => stored.affiliateId === affiliateId && stored.orderId === orderId)
        .sort((a, b) => a.position - b.position)
        .map(toRedemption);
    },
    async setStatus({ affiliateId, id, status, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      const current = state.orders.get(key);
      if (!current) return undefined;
      const updated: Order = { ...current, status, updatedAt: new Date(updatedAt) };
      state.orders.set(key, updated);
      return structuredClone(updated);
    },
  };
}
