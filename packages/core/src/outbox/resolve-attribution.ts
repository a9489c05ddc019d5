import type { Attribution } from '../attribution/touches';
import type { Order } from '../orders/order-store';
import type { Storage } from '../storage';

/** A renewal chain longer than this is corrupt data, not a subscription. */
const maxChain = 100;

/** What {@link resolveAttribution} reads. @example const input: ResolveAttributionInput = { storage, affiliateId: 'aff_1', journeyId: 'jrn_1' }; */
export interface ResolveAttributionInput {
  readonly storage: Pick<Storage, 'orders' | 'journeys' | 'subscriptions'>;
  readonly affiliateId: string;
  /** The event's order, when one exists: the preferred source. */
  readonly orderId?: string | undefined;
  /** The event's journey: the fallback for events that fire before an order exists. */
  readonly journeyId?: string | undefined;
}

/**
 * The attribution an event carries (SPEC 2.8 rule 2, SPEC 6.5). The order is the preferred
 * source: a renewal inherits the first and last blocks of the order that started its
 * subscription (followed through `parentOrderId`, or the subscription's `parentOrderId` when the
 * renewal names only its subscription), and an order takes the attribution of the journey it was
 * created from. Journey data is the fallback, for events that fire before an order exists.
 *
 * @returns the attribution, or `undefined` when nothing was captured (the payload then omits it)
 * @example
 * const attribution = await resolveAttribution({ storage: tx, affiliateId: 'aff_1', orderId: 'ord_renewal_3' });
 */
export async function resolveAttribution(input: ResolveAttributionInput): Promise<Attribution | undefined> {
  const { storage, affiliateId } = input;
  const chain = input.orderId === undefined ? [] : await orderChain(storage, affiliateId, input.orderId);
  // The original order first: a renewal inherits its attribution (SPEC 2.8 rule 2).
  const journeyIds = [...chain.reverse().map((order) => order.journeyId), input.journeyId];
  const tried = new Set<string>();
  for (const id of journeyIds) {
    if (id === undefined || tried.has(id)) continue;
    tried.add(id);
    const journey = await storage.journeys.get({ affiliateId, id });
    if (journey?.attribution) return journey.attribution;
  }
  return undefined;
}

/** The order, then its parent, up to the order that started the subscription. */
async function orderChain(
  storage: ResolveAttributionInput['storage'],
  affiliateId: string,
  orderId: string,
): Promise<Order[]> {
  const chain: Order[] = [];
  const seen = new Set<string>();
  let next: string | undefined = orderId;
  while (next !== undefined && !seen.has(next) && chain.length < maxChain) {
    seen.add(next);
    const order: Order | undefined = await storage.orders.get({ affiliateId, id: next });
    if (!order) break;
    chain.push(order);
    next = order.parentOrderId ?? (await subscriptionParent(storage, order));
  }
  return chain;
}

async function subscriptionParent(
  storage: ResolveAttributionInput['storage'],
  order: Order,
): Promise<string | undefined> {
  if (!order.isRenewal || order.subscriptionId === undefined) return undefined;
  const subscription = await storage.subscriptions.get({
    affiliateId: order.affiliateId,
    id: order.subscriptionId,
  });
  return subscription?.parentOrderId;
}
