import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../impl/memory/memory-storage';
import type { Order } from '../storage/order-store';
import type { Storage } from '../storage/storage';
import { readOnce } from './read-once';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const order: Order = {
  id: 'ord_1',
  affiliateId: 'aff_1',
  status: 'paid',
  createdAt: t0,
  updatedAt: t0,
  isRenewal: false,
  totalCents: 4_900,
  currency: 'USD',
  products: [],
};

/** The storage with a count of the reads that reached it. */
function counted(): { storage: Storage; reads: string[] } {
  const inner = memoryStorage();
  const reads: string[] = [];
  const storage: Storage = {
    ...inner,
    orders: {
      ...inner.orders,
      get: (input) => {
        reads.push(`order ${input.affiliateId}/${input.id}`);
        return inner.orders.get(input);
      },
    },
    journeys: {
      ...inner.journeys,
      get: (input) => {
        reads.push(`journey ${input.affiliateId}/${input.id}`);
        return inner.journeys.get(input);
      },
    },
  };
  return { storage, reads };
}

describe('readOnce', () => {
  it('reads a row once however often it is asked for, per affiliate and id', async () => {
    const { storage, reads } = counted();
    await storage.orders.save({ order, couponRedemptions: [] });
    const memo = readOnce(storage);
    const [a, b] = await Promise.all([
      memo.orders.get({ affiliateId: 'aff_1', id: 'ord_1' }),
      memo.orders.get({ affiliateId: 'aff_1', id: 'ord_1' }),
    ]);
    expect(a).toEqual(order);
    expect(b).toBe(a);
    expect(await memo.orders.get({ affiliateId: 'aff_2', id: 'ord_1' })).toBeUndefined();
    await memo.journeys.get({ affiliateId: 'aff_1', id: 'jrn_1' });
    await memo.journeys.get({ affiliateId: 'aff_1', id: 'jrn_1' });
    expect(reads).toEqual(['order aff_1/ord_1', 'order aff_2/ord_1', 'journey aff_1/jrn_1']);
  });

  it('does not read back what the caller just wrote, and wraps a memo only once', async () => {
    const { storage, reads } = counted();
    const memo = readOnce(storage, { orders: [order] });
    expect(await memo.orders.get({ affiliateId: 'aff_1', id: 'ord_1' })).toBe(order);
    expect(readOnce(memo)).toBe(memo);
    expect(reads).toEqual([]);
  });
});
