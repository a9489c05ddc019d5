import type { Attribution } from '../../rules/attribution/touches';
import type { Journey, JourneyStore, NewJourney } from '../../storage/journey-store';
import type { Order } from '../../storage/order-store';
import { type MemoryState, scopedKey } from './memory-state';

/** The order created from a journey: the first that is not a renewal, else the first (by time, then id). */
const orderOf = (orders: Iterable<Order>, affiliateId: string, journeyId: string): string | undefined => {
  let best: Order | undefined;
  for (const order of orders) {
    if (order.affiliateId !== affiliateId || order.journeyId !== journeyId) continue;
    if (
      best === undefined ||
      rank(order) < rank(best) ||
      (rank(order) === rank(best) && earlier(order, best))
    )
      best = order;
  }
  return best?.id;
};

const rank = (order: Order): number => (order.isRenewal ? 1 : 0);
const earlier = (a: Order, b: Order): boolean =>
  a.createdAt.getTime() < b.createdAt.getTime() ||
  (a.createdAt.getTime() === b.createdAt.getTime() && a.id < b.id);

/**
 * The in-memory journey store: templates keyed by slug (unique across affiliates), visitors and
 * journeys by affiliate.
 */
export function memoryJourneyStore(state: MemoryState): JourneyStore {
  const read = (journey: NewJourney): Journey => {
    const orderId = orderOf(state.orders.values(), journey.affiliateId, journey.id);
    return structuredClone(orderId === undefined ? journey : { ...journey, orderId });
  };
  return {
    async saveTemplate({ template }) {
      const current = state.journeyTemplates.get(template.slug);
      if (current && current.affiliateId !== template.affiliateId) return undefined;
      const stored = current
        ? { ...structuredClone(template), id: current.id, createdAt: current.createdAt }
        : structuredClone(template);
      state.journeyTemplates.set(template.slug, stored);
      return structuredClone(stored);
    },
    async templateBySlug({ slug }) {
      const found = state.journeyTemplates.get(slug);
      return found && structuredClone(found);
    },
    async visitorAttribution({ affiliateId, visitorId }) {
      const found = state.visitorAttributions.get(scopedKey(affiliateId, visitorId));
      return found && structuredClone(found);
    },
    async saveVisitorAttribution({ affiliateId, visitorId, attribution, expectedTouchCount }) {
      const key = scopedKey(affiliateId, visitorId);
      const current: Attribution | undefined = state.visitorAttributions.get(key);
      if ((current?.touch_count ?? 0) !== expectedTouchCount) return false;
      state.visitorAttributions.set(key, structuredClone(attribution));
      return true;
    },
    async insert({ journey }) {
      const key = scopedKey(journey.affiliateId, journey.id);
      if (state.journeys.has(key)) {
        throw new Error(`@affiliate-commerce/core: journey id ${journey.id} already exists`);
      }
      state.journeys.set(key, structuredClone(journey));
    },
    async get({ affiliateId, id }) {
      const found = state.journeys.get(scopedKey(affiliateId, id));
      return found && read(found);
    },
    async setStatus({ affiliateId, id, status, at, updatedAt }) {
      const key = scopedKey(affiliateId, id);
      const current = state.journeys.get(key);
      if (!current) return undefined;
      const updated: NewJourney = {
        ...current,
        status,
        ...(status === 'completed' && !current.completedAt ? { completedAt: new Date(at) } : {}),
        ...(status === 'abandoned' && !current.abandonedAt ? { abandonedAt: new Date(at) } : {}),
        updatedAt: new Date(updatedAt),
      };
      state.journeys.set(key, updated);
      return read(updated);
    },
  };
}
