import { compareBytes } from '../../areas/coupons/usage-row-order';
import type { EventRecord } from '../../rules/events/v2-payload';
import {
  capResponseBody,
  type Delivery,
  type DeliveryStore,
  type EventListQuery,
  type EventPage,
  type EventPosition,
  type PublishedEvent,
} from '../../storage/delivery-store';
import { type MemoryState, scopedKey } from './memory-state';

/** Leases of the in-memory outbox, which the storage snapshot need not keep. */
interface Lease {
  token: string;
  expiresAt: number;
}

/** The order of the event list: newest first, then by id descending (code points, as `"C"` sorts). */
const newestFirst = (a: EventPosition, b: EventPosition): number =>
  b.occurredAt.getTime() - a.occurredAt.getTime() || compareBytes(b.eventId, a.eventId);

/** The in-memory outbox. */
export function memoryDeliveryStore(state: MemoryState): DeliveryStore {
  const leases = new Map<string, Lease>();
  const copy = <T>(value: T): T => structuredClone(value);

  function update(key: string, changes: Partial<Delivery>): Delivery {
    const next = { ...state.deliveries.get(key)!, ...changes } as Delivery;
    if (next.status !== 'pending') delete (next as { nextAttemptAt?: Date }).nextAttemptAt;
    state.deliveries.set(key, next);
    return next;
  }

  function publishOne({ event, deliver, idPrefix }: PublishedEvent): { inserted: boolean; queued: number } {
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

  function listEvents(query: EventListQuery): EventPage {
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
    const { startingAfter, endingBefore, limit } = query;
    if (endingBefore) {
      const newer = matching.filter((event) => newestFirst(event, endingBefore) < 0);
      return {
        events: newer.slice(Math.max(0, newer.length - limit)).map(copy),
        hasMore: newer.length > limit,
      };
    }
    const older = startingAfter
      ? matching.filter((event) => newestFirst(event, startingAfter) > 0)
      : matching;
    return { events: older.slice(0, limit).map(copy), hasMore: older.length > limit };
  }

  const store: DeliveryStore = {
    async completeMany({ items }) {
      const results: boolean[] = [];
      for (const item of items) results.push(await store.complete(item));
      return results;
    },
    async insertEvent({ event }) {
      const key = scopedKey(event.affiliateId, event.eventId);
      if (state.events.has(key)) return false;
      state.events.set(key, copy(event));
      return true;
    },
    async publish({ events }) {
      return events.map(publishOne);
    },
    async getEvent({ affiliateId, eventId }) {
      const found = state.events.get(scopedKey(affiliateId, eventId));
      return found && copy(found);
    },
    async listEvents(query) {
      return listEvents(query);
    },
    async listEventDeliveries({ affiliateId, eventId }) {
      return [...state.deliveries.values()]
        .filter((d) => d.affiliateId === affiliateId && d.eventId === eventId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || compareBytes(a.id, b.id))
        .map(copy);
    },
    async enqueue({ deliveries }) {
      for (const delivery of deliveries)
        state.deliveries.set(scopedKey(delivery.affiliateId, delivery.id), copy(delivery));
    },
    async claimDue({ now, limit, leaseMs, leaseToken, skipWebhookIds = [] }) {
      const skip = new Set(skipWebhookIds);
      const due = [...state.deliveries.entries()]
        .filter(([key, d]) => {
          const lease = leases.get(key);
          return (
            d.status === 'pending' &&
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
    async complete({ affiliateId, id, leaseToken, outcome, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      // A lost lease writes nothing: the holder now logs this attempt number itself.
      if (leases.get(key)?.token !== leaseToken) return false;
      leases.delete(key);
      const { attempt } = outcome;
      state.deliveryAttempts.push(
        copy(
          attempt.responseBody === undefined
            ? attempt
            : { ...attempt, responseBody: capResponseBody(attempt.responseBody) },
        ),
      );
      const current = state.deliveries.get(key)!;
      update(key, {
        status: outcome.status,
        attempts: current.attempts + 1,
        nextAttemptAt: outcome.nextAttemptAt,
        lastAttemptAt: outcome.attempt.attemptedAt,
        lastStatusCode: outcome.attempt.statusCode,
        updatedAt,
      });
      return true;
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
    async defer({ affiliateId, webhookId, until, now }) {
      let moved = 0;
      for (const [key, delivery] of state.deliveries) {
        const lease = leases.get(key);
        if (
          delivery.affiliateId !== affiliateId ||
          delivery.webhookId !== webhookId ||
          delivery.status !== 'pending' ||
          !(delivery.nextAttemptAt! < until) ||
          (lease && lease.expiresAt > now.getTime())
        )
          continue;
        update(key, { nextAttemptAt: until });
        moved += 1;
      }
      return moved;
    },
    async resume({ affiliateId, webhookId, heldUntil, now }) {
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
          (lease && lease.expiresAt > now.getTime())
        )
          continue;
        update(key, { nextAttemptAt: now });
        moved += 1;
      }
      return moved;
    },
    async get({ affiliateId, webhookId, id }) {
      const found = state.deliveries.get(scopedKey(affiliateId, id));
      return found && found.webhookId === webhookId ? copy(found) : undefined;
    },
    async requeue({ affiliateId, webhookId, id, now }) {
      const key = scopedKey(affiliateId, id);
      const found = state.deliveries.get(key);
      if (!found || found.webhookId !== webhookId || found.status === 'pending') return undefined;
      return copy(update(key, { status: 'pending', nextAttemptAt: now, updatedAt: now }));
    },
    async cancelPending({ affiliateId, webhookId, now }) {
      let count = 0;
      for (const [key, delivery] of state.deliveries) {
        if (
          delivery.affiliateId !== affiliateId ||
          delivery.webhookId !== webhookId ||
          delivery.status !== 'pending'
        )
          continue;
        update(key, { status: 'cancelled', updatedAt: now });
        count += 1;
      }
      return count;
    },
    async failingSince({ affiliateId, webhookId }) {
      let since: Date | undefined;
      const mine = state.deliveryAttempts
        .filter((a) => a.affiliateId === affiliateId && a.webhookId === webhookId)
        .sort((a, b) => a.attemptedAt.getTime() - b.attemptedAt.getTime());
      for (const attempt of mine) {
        if (attempt.succeeded) since = undefined;
        else since ??= attempt.attemptedAt;
      }
      return since && new Date(since);
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
    async prune({ succeededBefore, failedBefore, limit }) {
      const doomed = new Set<string>();
      for (const [key, d] of state.deliveries) {
        if (doomed.size >= limit) break;
        const before =
          d.status === 'failed' ? failedBefore : d.status === 'pending' ? undefined : succeededBefore;
        if (before && d.updatedAt < before) doomed.add(key);
      }
      for (const key of doomed) state.deliveries.delete(key);
      const attemptsBefore = state.deliveryAttempts.length;
      state.deliveryAttempts = state.deliveryAttempts.filter(
        (a) => !doomed.has(scopedKey(a.affiliateId, a.deliveryId)),
      );
      const referenced = new Set(
        [...state.deliveries.values()].map((d) => scopedKey(d.affiliateId, d.eventId)),
      );
      let events = 0;
      for (const [key, event] of state.events) {
        if (events >= limit) break;
        if (event.occurredAt >= succeededBefore || referenced.has(key)) continue;
        state.events.delete(key);
        events += 1;
      }
      return {
        deliveries: doomed.size,
        attempts: attemptsBefore - state.deliveryAttempts.length,
        events,
      };
    },
    async backlog({ now }) {
      let pending = 0;
      let due = 0;
      let oldest: number | undefined;
      for (const d of state.deliveries.values()) {
        if (d.status !== 'pending') continue;
        pending += 1;
        const at = d.nextAttemptAt?.getTime();
        if (at === undefined || at > now.getTime()) continue;
        due += 1;
        if (oldest === undefined || at < oldest) oldest = at;
      }
      return { pending, due, ...(oldest === undefined ? {} : { oldestDueAt: new Date(oldest) }) };
    },
    async listAttempts({ affiliateId, webhookId, offset, limit }) {
      const all = state.deliveryAttempts
        .filter((a) => a.affiliateId === affiliateId && a.webhookId === webhookId)
        .sort((a, b) => b.attemptedAt.getTime() - a.attemptedAt.getTime() || b.id.localeCompare(a.id));
      return { items: all.slice(offset, offset + limit).map(copy), total: all.length };
    },
  };
  return store;
}
