import type { Delivery, DeliveryStore } from '../../storage/delivery-store';
import { copy, type MemoryOutbox } from './memory-outbox';
import { scopedKey } from './memory-state';

/** Sending again: one delivery retried by hand, and a webhook's failed deliveries of an outage window re-queued. */
export function memoryDeliveryRecovery(outbox: MemoryOutbox): Pick<DeliveryStore, 'requeue' | 'recover'> {
  const { state, leases, update } = outbox;
  return {
    async requeue({ affiliateId, webhookId, id, now }) {
      const key = scopedKey(affiliateId, id);
      const found = state.deliveries.get(key);
      if (!found || found.webhookId !== webhookId) return undefined;
      if (found.status !== 'pending') {
        leases.delete(key);
        return copy(update(key, { status: 'pending', nextAttemptAt: now, updatedAt: now }));
      }
      // A pending delivery a worker holds is left to it; its lease is never touched.
      const lease = leases.get(key);
      if (lease && lease.expiresAt > now.getTime()) return undefined;
      const due = found.nextAttemptAt && found.nextAttemptAt < now ? found.nextAttemptAt : now;
      return copy(update(key, { nextAttemptAt: due, updatedAt: now }));
    },
    async recover({ affiliateId, webhookId, since, until, now, limit }) {
      const lastTouched = (d: Delivery) => (d.lastAttemptAt ?? d.createdAt).getTime();
      const found = [...state.deliveries.entries()]
        .filter(
          ([, d]) =>
            d.affiliateId === affiliateId &&
            d.webhookId === webhookId &&
            d.status === 'failed' &&
            lastTouched(d) >= since.getTime() &&
            lastTouched(d) < until.getTime(),
        )
        .sort(([, a], [, b]) => lastTouched(a) - lastTouched(b) || a.id.localeCompare(b.id));
      const picked = found.slice(0, limit);
      for (const [key] of picked) {
        leases.delete(key);
        update(key, { status: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now });
      }
      return { recovered: picked.length, hasMore: found.length > picked.length };
    },
  };
}
