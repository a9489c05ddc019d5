import { compareBytes } from '../../areas/coupons/usage-row-order';
import type { DeliveryStore, EventListQuery, EventPage, EventPosition } from '../../storage/delivery-store';
import { cursorPage } from './cursor-page';
import { copy, type MemoryOutbox } from './memory-outbox';
import { type MemoryState, scopedKey } from './memory-state';

/** The order of the event list: newest first, then by id descending (code points, as `"C"` sorts). */
const newestFirst = (a: EventPosition, b: EventPosition): number =>
  b.occurredAt.getTime() - a.occurredAt.getTime() || compareBytes(b.eventId, a.eventId);

function listEvents(state: MemoryState, query: EventListQuery): EventPage {
  const types = new Set(query.types);
  const from = query.occurredFrom?.getTime() ?? -Infinity;
  const before = query.occurredBefore?.getTime() ?? Infinity;
  const sentTo =
    query.webhookId === undefined
      ? undefined
      : new Set(
          [...state.deliveries.values()]
            .filter((d) => d.affiliateId === query.affiliateId && d.webhookId === query.webhookId)
            .map((d) => d.eventId),
        );
  const matching = [...state.events.values()]
    .filter((event) => {
      const at = event.occurredAt.getTime();
      return (
        event.affiliateId === query.affiliateId &&
        types.has(event.eventType) &&
        at >= from &&
        at < before &&
        (sentTo === undefined || sentTo.has(event.eventId))
      );
    })
    .sort(newestFirst);
  const page = cursorPage(matching, newestFirst, query);
  return { events: page.items.map(copy), hasMore: page.hasMore };
}

/** The outbox as the event log and the attempt log read it: events, a delivery, its attempts. */
export function memoryDeliveryListing(
  outbox: MemoryOutbox,
): Pick<DeliveryStore, 'getEvent' | 'listEvents' | 'listEventDeliveries' | 'get' | 'listAttempts'> {
  const { state } = outbox;
  return {
    async getEvent({ affiliateId, eventId }) {
      const found = state.events.get(scopedKey(affiliateId, eventId));
      return found && copy(found);
    },
    async listEvents(query) {
      return listEvents(state, query);
    },
    async listEventDeliveries({ affiliateId, eventId }) {
      return [...state.deliveries.values()]
        .filter((d) => d.affiliateId === affiliateId && d.eventId === eventId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareBytes(a.id, b.id))
        .map(copy);
    },
    async get({ affiliateId, webhookId, id }) {
      const found = state.deliveries.get(scopedKey(affiliateId, id));
      return found && found.webhookId === webhookId ? copy(found) : undefined;
    },
    async listAttempts({ affiliateId, webhookId, offset, limit }) {
      const all = state.deliveryAttempts
        .filter((a) => a.affiliateId === affiliateId && a.webhookId === webhookId)
        .sort((a, b) => b.attemptedAt.getTime() - a.attemptedAt.getTime() || b.id.localeCompare(a.id));
      return { items: all.slice(offset, offset + limit).map(copy), total: all.length };
    },
  };
}
