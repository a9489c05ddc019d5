import type { Attribution } from '../rules/attribution/touches';
import type { Order } from '../storage/order-store';
import type { Storage } from '../storage/storage';
import { orderChain } from './order-chain';

/** What {@link resolveAttribution} reads. */
export interface ResolveAttributionInput {
  readonly storage: Pick<Storage, 'orders' | 'journeys' | 'subscriptions'>;
  readonly affiliateId: string;
  /** The event's order, when one exists: the preferred source. */
  readonly orderId?: string | undefined;
  /** The event's journey: the fallback for events that fire before an order exists. */
  readonly journeyId?: string | undefined;
}

/**
 * The attribution an event carries (docs/api.md §2.8 rule 2, §6.5). The order is the preferred
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
  const chain: Order[] = [];
  if (input.orderId !== undefined) {
    const first = await storage.orders.get({ affiliateId, id: input.orderId });
    for await (const order of orderChain(storage, affiliateId, first)) chain.push(order);
  }
  // The original order first: a renewal inherits its attribution (docs/api.md §2.8 rule 2).
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
