import { sameBreaker } from '../../areas/webhooks/breaker';
import type { Webhook, WebhookStore } from '../../storage/webhook-store';
import type { MemoryState } from './memory-state';

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
      return owned(affiliateId, id) ? state.webhooks.delete(id) : false;
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
    async findForOperator({ id }) {
      const found = state.webhooks.get(id);
      return found && structuredClone(found);
    },
  };
}
