import { breakerGate } from '../../areas/webhooks/breaker';
import { matchesPayloadFilter } from '../../rules/filters/payload-filter';
import type { DeliveryStore, PublishedEvent } from '../../storage/delivery-store';
import type { Webhook } from '../../storage/webhook-store';
import { copy, type MemoryOutbox } from './memory-outbox';
import { type MemoryState, scopedKey } from './memory-state';

/**
 * When a delivery queued at `occurredAt` is due: while the webhook's circuit breaker holds
 * deliveries back (open, or half-open with its probe in flight), when it next lets one through,
 * as the breaker's opening made the endpoint's waiting ones; the worker's own gate decides it.
 */
function dueAt(webhook: Webhook, occurredAt: Date): Date {
  const gate = breakerGate(webhook.breaker, occurredAt, 0);
  return 'until' in gate ? gate.until : occurredAt;
}

function publishOne(
  state: MemoryState,
  { event, deliver, idPrefix, payload, entityKey }: PublishedEvent,
): { inserted: boolean; queued: number } {
  const key = scopedKey(event.affiliateId, event.eventId);
  if (state.events.has(key)) return { inserted: false, queued: 0 };
  if (!deliver) {
    state.events.set(key, copy(event));
    return { inserted: true, queued: 0 };
  }
  const candidates = [...state.webhooks.values()]
    .filter(
      (webhook) =>
        webhook.affiliateId === event.affiliateId &&
        webhook.status === 'enabled' &&
        webhook.interests.includes(event.eventType),
    )
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  // A webhook whose filter the payload does not match gets no delivery; the event remembers it.
  const matches = (filter: NonNullable<(typeof candidates)[number]['filter']>) =>
    payload !== undefined && matchesPayloadFilter(filter, payload);
  const subscribed = candidates.filter((webhook) => !webhook.filter || matches(webhook.filter));
  const filteredOut = candidates
    .filter((webhook) => webhook.filter && !matches(webhook.filter))
    .map((w) => w.id);
  state.events.set(key, copy(filteredOut.length > 0 ? { ...event, filteredOut } : event));
  for (const [index, webhook] of subscribed.entries()) {
    const id = `${idPrefix}_${index + 1}`;
    const ordered = webhook.ordering === 'entity' && entityKey !== undefined;
    state.deliveries.set(scopedKey(event.affiliateId, id), {
      id,
      affiliateId: event.affiliateId,
      webhookId: webhook.id,
      eventId: event.eventId,
      eventType: event.eventType,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: dueAt(webhook, event.occurredAt),
      ...(ordered ? { orderingKey: entityKey } : {}),
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
