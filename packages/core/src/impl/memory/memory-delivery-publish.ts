import type { DeliveryStore, PublishedEvent } from '../../storage/delivery-store';
import { copy, type MemoryOutbox } from './memory-outbox';
import { type MemoryState, scopedKey } from './memory-state';

function publishOne(
  state: MemoryState,
  { event, deliver, idPrefix }: PublishedEvent,
): { inserted: boolean; queued: number } {
  const key = scopedKey(event.affiliateId, event.eventId);
  if (state.events.has(key)) return { inserted: false, queued: 0 };
  state.events.set(key, copy(event));
  if (!deliver) return { inserted: true, queued: 0 };
  const subscribed = [...state.webhooks.values()]
    .filter(
      (webhook) =>
        webhook.affiliateId === event.affiliateId &&
        webhook.status === 'enabled' &&
        webhook.interests.includes(event.eventType),
    )
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  for (const [index, webhook] of subscribed.entries()) {
    const id = `${idPrefix}_${index + 1}`;
    state.deliveries.set(scopedKey(event.affiliateId, id), {
      id,
      affiliateId: event.affiliateId,
      webhookId: webhook.id,
      eventId: event.eventId,
      eventType: event.eventType,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: event.occurredAt,
      createdAt: event.occurredAt,
      updatedAt: event.occurredAt,
    });
  }
  return { inserted: true, queued: subscribed.length };
}

/** The outbox's writes at emission: an event, with a delivery per subscribed webhook. */
export function memoryDeliveryPublishing(
  outbox: MemoryOutbox,
): Pick<DeliveryStore, 'insertEvent' | 'publish' | 'enqueue'> {
  const { state } = outbox;
  return {
    async insertEvent({ event }) {
      const key = scopedKey(event.affiliateId, event.eventId);
      if (state.events.has(key)) return false;
      state.events.set(key, copy(event));
      return true;
    },
    async publish({ events }) {
      return events.map((one) => publishOne(state, one));
    },
    async enqueue({ deliveries }) {
      for (const delivery of deliveries)
        state.deliveries.set(scopedKey(delivery.affiliateId, delivery.id), copy(delivery));
    },
  };
}
