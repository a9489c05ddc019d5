import type { EventCategory } from '../rules/events/event-dictionary';
import type { Storage } from '../storage/storage';
import { orderChain } from './order-chain';

/** The links of an event's record, as far as storage knows them. */
export interface JoinKeys {
  /** The journey the record links to, directly or through its order and subscription chain. */
  readonly journeyId?: string;
  /** The ecommerce order of the record (order-side events), or of the journey (journey events). */
  readonly orderId?: string;
}

/** What {@link resolveJoinKeys} reads. */
export interface JoinKeysInput {
  readonly affiliateId: string;
  readonly category: EventCategory;
  readonly data: Readonly<Record<string, unknown>>;
  readonly orderId?: string | undefined;
  readonly journeyId?: string | undefined;
}

type Links = Pick<Storage, 'orders' | 'journeys' | 'subscriptions'>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Families without a join key (docs/api.md §6.5). */
const unjoined = new Set<EventCategory>(['SUPPORT', 'PATIENT', 'INTERNAL']);

/**
 * The join keys of docs/api.md §6.5, resolved through storage when the event is emitted:
 *
 * - a journey event joins on its journey's ecommerce order, once one exists (the event's order,
 *   else the order created from the journey);
 * - an order-side event joins on the journey its record names directly (the emitted journey, else
 *   the raw event's `journey_id`), else the nearest journey along its order chain: the order
 *   (the emitted order, else the raw `ecommerce_order_id` or `order_id`), its parent order, or for
 *   a renewal that names only its subscription, the subscription's parent order; an event that
 *   names only a subscription starts from the subscription's parent order.
 *
 * Support, patient and internal events have none.
 */
export async function resolveJoinKeys(storage: Links, input: JoinKeysInput): Promise<JoinKeys> {
  if (unjoined.has(input.category)) return {};
  const { affiliateId, data } = input;
  const directJourney = input.journeyId ?? text(data.journey_id);
  if (input.category === 'JOURNEY') {
    const given = input.orderId ?? text(data.ecommerce_order_id);
    const journey =
      given === undefined && directJourney !== undefined
        ? await storage.journeys.get({ affiliateId, id: directJourney })
        : undefined;
    const orderId = given ?? journey?.orderId;
    return { ...(directJourney ? { journeyId: directJourney } : {}), ...(orderId ? { orderId } : {}) };
  }
  const named = input.orderId ?? text(data.ecommerce_order_id) ?? text(data.order_id);
  let first = named === undefined ? undefined : await storage.orders.get({ affiliateId, id: named });
  if (!first) {
    const subscriptionId = text(data.subscription_id);
    const subscription = subscriptionId
      ? await storage.subscriptions.get({ affiliateId, id: subscriptionId })
      : undefined;
    if (subscription?.parentOrderId !== undefined)
      first = await storage.orders.get({ affiliateId, id: subscription.parentOrderId });
  }
  const orderId = first?.id ?? input.orderId;
  if (directJourney !== undefined) return { journeyId: directJourney, ...(orderId ? { orderId } : {}) };
  for await (const order of orderChain(storage, affiliateId, first)) {
    if (order.journeyId) return { journeyId: order.journeyId, ...(orderId ? { orderId } : {}) };
  }
  return orderId ? { orderId } : {};
}
