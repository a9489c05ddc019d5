import type { EventRecord } from '../../rules/events/v2-payload';
import type { Delivery, DeliveryStore } from '../../storage/delivery-store';
import { copy, type MemoryOutbox } from './memory-outbox';
import { scopedKey } from './memory-state';

/** One ordered webhook's entity: its deliveries go one at a time. */
const orderingSlot = (d: Delivery) => `${d.webhookId}\u0000${d.orderingKey}`;

/**
 * The first pending delivery of each ordered webhook's entity, in publication order (the map's
 * insertion order): the only one of them that may be claimed.
 */
function orderedHeads(deliveries: Iterable<Delivery>): Map<string, string> {
  const heads = new Map<string, string>();
  for (const d of deliveries) {
    if (d.status !== 'pending' || d.orderingKey === undefined) continue;
    const slot = orderingSlot(d);
    if (!heads.has(slot)) heads.set(slot, d.id);
  }
  return heads;
}

/** Leases: the worker's claim of due deliveries, giving back unsent ones, and moving an endpoint's pending ones in time. */
export function memoryDeliveryClaims(
  outbox: MemoryOutbox,
): Pick<DeliveryStore, 'claimDue' | 'release' | 'defer' | 'resume'> {
  const { state, leases, update } = outbox;
  return {
    async claimDue({ now, limit, leaseMs, leaseToken, skipWebhookIds = [] }) {
      const skip = new Set(skipWebhookIds);
      const heads = orderedHeads(state.deliveries.values());
      const due = [...state.deliveries.entries()]
        .filter(([key, d]) => {
          const lease = leases.get(key);
          return (
            d.status === 'pending' &&
            (d.orderingKey === undefined || heads.get(orderingSlot(d)) === d.id) &&
            !skip.has(d.webhookId) &&
            d.nextAttemptAt !== undefined &&
            d.nextAttemptAt <= now &&
            (!lease || lease.expiresAt <= now.getTime())
          );
        })
        .sort(
          ([, a], [, b]) =>
            a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || a.id.localeCompare(b.id),
        )
        .slice(0, limit);
      return due.map(([key, delivery]) => {
        leases.set(key, { token: leaseToken, expiresAt: now.getTime() + leaseMs });
        const event = state.events.get(scopedKey(delivery.affiliateId, delivery.eventId)) as EventRecord;
        return { delivery: copy(delivery), event: copy(event), leaseToken };
      });
    },
    async release({ items }) {
      let released = 0;
      for (const { affiliateId, id, leaseToken, nextAttemptAt } of items) {
        const key = scopedKey(affiliateId, id);
        if (leases.get(key)?.token !== leaseToken) continue;
        leases.delete(key);
        if (nextAttemptAt) update(key, { nextAttemptAt });
        released += 1;
      }
      return released;
    },
    async defer({ affiliateId, webhookId, until, now, backlogUntil }) {
      const waiting = [...state.deliveries].filter(([key, delivery]) => {
        const lease = leases.get(key);
        return (
          delivery.affiliateId === affiliateId &&
          delivery.webhookId === webhookId &&
          delivery.status === 'pending' &&
          delivery.nextAttemptAt! < until &&
          !(lease && lease.expiresAt > now.getTime())
        );
      });
      waiting.sort(
        ([, a], [, b]) =>
          a.nextAttemptAt!.getTime() - b.nextAttemptAt!.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      );
      waiting.forEach(([key], place) => {
        update(key, { nextAttemptAt: backlogUntil && place > 0 ? backlogUntil : until });
      });
      return waiting.length;
    },
    async resume({ affiliateId, webhookId, heldUntil, now, heldFrom }) {
      let moved = 0;
      for (const [key, delivery] of state.deliveries) {
        const lease = leases.get(key);
        const due = delivery.nextAttemptAt?.getTime();
        if (
          delivery.affiliateId !== affiliateId ||
          delivery.webhookId !== webhookId ||
          delivery.status !== 'pending' ||
          due === undefined ||
          due <= now.getTime() ||
          due > heldUntil.getTime() ||
          (heldFrom !== undefined && due < heldFrom.getTime()) ||
          (lease && lease.expiresAt > now.getTime())
        )
          continue;
        update(key, { nextAttemptAt: now });
        moved += 1;
      }
      return moved;
    },
  };
}
