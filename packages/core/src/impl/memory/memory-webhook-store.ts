import { sameBreaker } from '../../areas/webhooks/breaker';
import {
  keptOperationalEvents,
  type StoredOperationalEvent,
  type Webhook,
  type WebhookStore,
} from '../../storage/webhook-store';
import type { MemoryState } from './memory-state';

/** Each state's next free send slot per throttled webhook (ms since the epoch), shared by its stores. */
const throttles = new WeakMap<MemoryState, Map<string, number>>();

/** Each state's operational events per webhook id, newest first. */
const operationalEvents = new WeakMap<MemoryState, Map<string, StoredOperationalEvent[]>>();

const newestFirst = (a: StoredOperationalEvent, b: StoredOperationalEvent) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : -1);

/** The slots of `reserveSends` (see the port): the same arithmetic as the PostgreSQL statement. */
function reserveSlots(
  nextFree: number | undefined,
  input: { count: number; now: number; horizonMs: number; rateLimit: number },
): { granted: number; start: number; intervalMs: number } {
  const intervalMs = 1000 / input.rateLimit;
  const start = Math.max(nextFree ?? input.now, input.now);
  const fits = Math.floor((input.now + input.horizonMs - start) / intervalMs) + 1;
  return { granted: Math.max(0, Math.min(input.count, fits)), start, intervalMs };
}

/**
 * The in-memory webhook store. Keyed by webhook id (ids are globally unique); scoped methods
 * check the affiliate.
 */
export function memoryWebhookStore(state: MemoryState): WebhookStore {
  const owned = (affiliateId: string, id: string): Webhook | undefined => {
    const found = state.webhooks.get(id);
    return found?.affiliateId === affiliateId ? found : undefined;
  };
  return {
    async insert({ webhook }) {
      if (state.webhooks.has(webhook.id)) {
        throw new Error(`@affiliate-commerce/core: webhook id ${webhook.id} already exists`);
      }
      state.webhooks.set(webhook.id, structuredClone(webhook));
    },
    async get({ affiliateId, id }) {
      const found = owned(affiliateId, id);
      return found && structuredClone(found);
    },
    async list({ affiliateId }) {
      return [...state.webhooks.values()]
        .filter((webhook) => webhook.affiliateId === affiliateId)
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
        .map((webhook) => structuredClone(webhook));
    },
    async replace({ webhook, expectedRevision }) {
      const current = owned(webhook.affiliateId, webhook.id);
      if (!current || current.revision !== expectedRevision) return false;
      const { lastHealthCheck: _check, breaker: _breaker, ...config } = structuredClone(webhook);
      state.webhooks.set(webhook.id, {
        ...config,
        ...(current.lastHealthCheck ? { lastHealthCheck: current.lastHealthCheck } : {}),
        ...(current.breaker ? { breaker: current.breaker } : {}),
      });
      return true;
    },
    async remove({ affiliateId, id }) {
      if (!owned(affiliateId, id)) return false;
      operationalEvents.get(state)?.delete(id);
      return state.webhooks.delete(id);
    },
    async addOperationalEvent({ event }) {
      // An event of a webhook gone meanwhile has nothing to be kept for.
      if (!owned(event.affiliateId, event.webhookId)) return;
      let book = operationalEvents.get(state);
      if (!book) {
        book = new Map();
        operationalEvents.set(state, book);
      }
      const kept = [...(book.get(event.webhookId) ?? []), structuredClone(event)].sort(newestFirst);
      book.set(event.webhookId, kept.slice(0, keptOperationalEvents));
    },
    async recentOperationalEvents({ affiliateId, webhookId, limit }) {
      return (operationalEvents.get(state)?.get(webhookId) ?? [])
        .filter((event) => event.affiliateId === affiliateId)
        .slice(0, limit)
        .map((event) => structuredClone(event));
    },
    async recordHealthCheck({ affiliateId, id, check }) {
      const current = owned(affiliateId, id);
      if (!current) return false;
      state.webhooks.set(id, { ...current, lastHealthCheck: structuredClone(check) });
      return true;
    },
    async setBreaker({ affiliateId, id, breaker, expected }) {
      const current = owned(affiliateId, id);
      if (!current || !sameBreaker(current.breaker, expected)) return false;
      state.webhooks.set(id, { ...current, breaker: structuredClone(breaker) });
      return true;
    },
    async reserveSends({ affiliateId, id, count, now, horizonMs }) {
      const current = owned(affiliateId, id);
      if (!current) return undefined;
      if (current.rateLimit === undefined) return { granted: count, firstAt: now, intervalMs: 0 };
      let book = throttles.get(state);
      if (!book) {
        book = new Map();
        throttles.set(state, book);
      }
      const { granted, start, intervalMs } = reserveSlots(book.get(id), {
        count,
        now: now.getTime(),
        horizonMs,
        rateLimit: current.rateLimit,
      });
      book.set(id, start + granted * intervalMs);
      return { granted, firstAt: new Date(start), intervalMs };
    },
    async findForOperator({ id }) {
      const found = state.webhooks.get(id);
      return found && structuredClone(found);
    },
  };
}
