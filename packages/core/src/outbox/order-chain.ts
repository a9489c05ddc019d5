import type { Order } from '../storage/order-store';
import type { Storage } from '../storage/storage';

/** A renewal chain longer than this is corrupt data, not a subscription. */
const maxChain = 100;

/**
 * Walks from an order to the order that started its subscription: each order, then its parent
 * (`parentOrderId`, or for a renewal that names only its subscription, the subscription's parent
 * order). Lazy, so a caller that finds what it needs early reads no further; stops at a missing
 * order, a loop, or a chain too long to be real.
 */
export async function* orderChain(
  storage: Pick<Storage, 'orders' | 'subscriptions'>,
  affiliateId: string,
  start: Order | undefined,
): AsyncGenerator<Order> {
  const seen = new Set<string>();
  let order = start;
  while (order && !seen.has(order.id) && seen.size < maxChain) {
    yield order;
    seen.add(order.id);
    let parentId = order.parentOrderId;
    if (parentId === undefined && order.isRenewal && order.subscriptionId !== undefined) {
      const subscription = await storage.subscriptions.get({ affiliateId, id: order.subscriptionId });
      parentId = subscription?.parentOrderId;
    }
    order = parentId === undefined ? undefined : await storage.orders.get({ affiliateId, id: parentId });
  }
}
