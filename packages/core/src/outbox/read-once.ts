import type { Order } from '../storage/order-store';
import type { Storage } from '../storage/storage';

const memos = new WeakSet<Storage>();

const byId = (input: { affiliateId: string; id: string }) => `${input.affiliateId}\u0000${input.id}`;

/** One promise per key: a second read of the same row waits on the first instead of asking again. */
function once<I extends { affiliateId: string; id: string }, R>(
  read: (input: I) => Promise<R>,
  known: Map<string, Promise<R>> = new Map(),
): (input: I) => Promise<R> {
  return (input) => {
    const k = byId(input);
    let hit = known.get(k);
    if (!hit) {
      hit = read(input);
      known.set(k, hit);
    }
    return hit;
  };
}

/**
 * The transaction `tx` with the reads event emission repeats (orders, subscriptions, journeys
 * and patients by id) made once each: resolving join keys and attribution
 * walks the same order chain, and an order's two or three events read the same rows. Only for
 * the emitting part of a transaction, after its writes: a row written later through the memo
 * would not be seen. `orders` seeds rows the caller has just written, so they are not read back.
 */
export function readOnce(tx: Storage, seed: { readonly orders?: readonly Order[] } = {}): Storage {
  if (memos.has(tx)) return tx;
  const knownOrders = new Map<string, Promise<Order | undefined>>(
    (seed.orders ?? []).map((order) => [byId(order), Promise.resolve(order)]),
  );
  const reads: Storage = {
    ...tx,
    orders: { ...tx.orders, get: once((input) => tx.orders.get(input), knownOrders) },
    subscriptions: { ...tx.subscriptions, get: once((input) => tx.subscriptions.get(input)) },
    journeys: { ...tx.journeys, get: once((input) => tx.journeys.get(input)) },
    patients: { ...tx.patients, get: once((input) => tx.patients.get(input)) },
  };
  memos.add(reads);
  return reads;
}
