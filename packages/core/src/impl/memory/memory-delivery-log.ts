import { compareBytes } from '../../areas/coupons/usage-row-order';
import type {
  Delivery,
  DeliveryListQuery,
  DeliveryPage,
  DeliveryPosition,
  DeliveryStore,
} from '../../storage/delivery-store';
import { cursorPage } from './cursor-page';
import { copy, type MemoryOutbox } from './memory-outbox';
import { type MemoryState, scopedKey } from './memory-state';

/** The order of the message log: newest first, then by id descending (code points, as `"C"` sorts). */
const newestFirst = (a: DeliveryPosition, b: DeliveryPosition): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || compareBytes(b.id, a.id);

function matches(query: DeliveryListQuery): (d: Delivery) => boolean {
  const statuses = query.statuses && new Set<string>(query.statuses);
  const types = query.types && new Set(query.types);
  const from = query.createdFrom?.getTime() ?? -Infinity;
  const before = query.createdBefore?.getTime() ?? Infinity;
  return (d) =>
    d.affiliateId === query.affiliateId &&
    (query.webhookId === undefined || d.webhookId === query.webhookId) &&
    (!statuses || statuses.has(d.status)) &&
    (!types || types.has(d.eventType)) &&
    d.createdAt.getTime() >= from &&
    d.createdAt.getTime() < before;
}

function listDeliveries(state: MemoryState, query: DeliveryListQuery): DeliveryPage {
  const matching = [...state.deliveries.values()].filter(matches(query)).sort(newestFirst);
  const page = cursorPage(matching, newestFirst, query);
  return { deliveries: page.items.map(copy), hasMore: page.hasMore };
}

/** The message log: every delivery of an affiliate, one delivery, and its attempts. */
export function memoryDeliveryLog(
  outbox: MemoryOutbox,
): Pick<DeliveryStore, 'listDeliveries' | 'findDelivery' | 'listDeliveryAttempts'> {
  const { state } = outbox;
  return {
    async listDeliveries(query) {
      return listDeliveries(state, query);
    },
    async findDelivery({ affiliateId, id }) {
      const found = state.deliveries.get(scopedKey(affiliateId, id));
      return found && copy(found);
    },
    async listDeliveryAttempts({ affiliateId, deliveryId, limit }) {
      const all = state.deliveryAttempts
        .filter((a) => a.affiliateId === affiliateId && a.deliveryId === deliveryId)
        .sort(
          (a, b) =>
            a.attemptedAt.getTime() - b.attemptedAt.getTime() ||
            a.attempt - b.attempt ||
            compareBytes(a.id, b.id),
        );
      return all.slice(Math.max(0, all.length - limit)).map(copy);
    },
  };
}
