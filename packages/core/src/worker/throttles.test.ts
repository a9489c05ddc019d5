import { deliveryCapture, testTokens } from '@affiliate-commerce/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimBatch } from './claimer';
import { throttleBook } from './throttles';

/** A webhook limited to `rateLimit` a second, with `count` deliveries due, claimed in one batch. */
async function claimed(count: number, rateLimit?: number) {
  const { svc, webhookId } = await deliveryCapture(['order_created']);
  if (rateLimit !== undefined) {
    const updated = await svc.handle(
      new Request(`http://api.test/v2/webhooks/${webhookId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ rateLimit }),
      }),
    );
    expect(updated.status).toBe(200);
  }
  for (let i = 0; i < count; i += 1)
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: `o${i}` },
    });
  const batch = await claimBatch(svc.deps, { limit: 100, writeDelayMs: 100 });
  const now = svc.deps.clock.now().getTime();
  return { svc, webhookId, batch, now, waiting: batch.items.map((item) => ({ claimed: item })) };
}

const always = () => true;

/** Sets the monotonic clock the book waits on: `at` ms after the reservation. */
let monotonic = 1_000_000;
const at = (ms: number) => {
  monotonic = 1_000_000 + ms;
};
vi.spyOn(performance, 'now').mockImplementation(() => monotonic);
afterEach(() => at(0));

describe('throttle book: send slots of webhooks with a rateLimit', () => {
  it('gives a batch’s deliveries slots 1000 / rateLimit ms apart within the horizon and hands back the rest', async () => {
    const { svc, webhookId, batch, now, waiting } = await claimed(5, 10);
    const book = throttleBook(svc.deps, { horizonMs: 250, report: () => expect.unreachable() });
    const unsent = await book.admit(batch, new Date(now));
    // Slots at 0, 100 and 200 ms fit; the other two go back, due half a horizon before the next free slot.
    expect(unsent.map(({ claimed }) => claimed)).toEqual(batch.items.slice(3));
    for (const { until } of unsent) expect(until).toEqual(new Date(now + 300 - 125));
    const [a, b, c] = batch.items;
    expect([a, b, c].map((item) => book.ready(item!))).toEqual([true, false, false]);
    expect(book.nextIn(waiting)).toBe(100);
    // Claims pass the webhook over until the given-back deliveries fall due.
    expect(book.holding()).toEqual([webhookId]);
    expect(book.heldFor()).toBe(175);
    at(100);
    expect(book.ready(b!)).toBe(true);
    expect(book.nextIn(waiting)).toBe(100);
    at(200);
    expect(book.nextIn(waiting)).toBeUndefined();
    at(175);
    expect(book.holding()).toEqual([]);
  });

  it('picks a started slot first, earliest first, only where the endpoint is free; a missed slot is late', async () => {
    const { svc, batch, now, waiting } = await claimed(3, 10);
    const book = throttleBook(svc.deps, { horizonMs: 1_000, report: () => expect.unreachable() });
    expect(await book.admit(batch, new Date(now))).toEqual([]);
    const reversed = [...waiting].reverse();
    at(-1);
    expect(book.pickDue(reversed, always)).toBe(-1);
    at(150);
    expect(book.pickDue(reversed, always)).toBe(2);
    expect(book.pickDue(reversed, () => false)).toBe(-1);
    // Late once the slot is more than half an interval (at least the grace) behind.
    at(50);
    expect(book.late(batch.items[0]!)).toBe(false);
    at(51);
    expect(book.late(batch.items[0]!)).toBe(true);
  });

  it('leaves deliveries of a webhook without rateLimit alone: no reservation, always ready, never held', async () => {
    const { svc, batch, now, waiting } = await claimed(3);
    const reserveSends = vi.spyOn(svc.deps.storage.webhooks, 'reserveSends');
    const book = throttleBook(svc.deps, { report: () => expect.unreachable() });
    expect(await book.admit(batch, new Date(now))).toEqual([]);
    expect(reserveSends).not.toHaveBeenCalled();
    at(60_000);
    expect(batch.items.every((item) => book.ready(item) && !book.late(item))).toBe(true);
    expect(book.nextIn(waiting)).toBeUndefined();
    expect(book.holding()).toEqual([]);
  });

  it('a reservation that fails is reported; the deliveries go back for half a horizon', async () => {
    const { svc, webhookId, batch, now } = await claimed(2, 10);
    const failure = new Error('database gone');
    vi.spyOn(svc.deps.storage.webhooks, 'reserveSends').mockRejectedValue(failure);
    const reported: unknown[] = [];
    const book = throttleBook(svc.deps, { report: (error) => reported.push(error) });
    const unsent = await book.admit(batch, new Date(now));
    expect(reported).toEqual([failure]);
    expect(unsent).toEqual(batch.items.map((item) => ({ claimed: item, until: new Date(now + 1_000) })));
    expect(book.holding()).toEqual([webhookId]);
  });

  it('slots in hand beyond half a horizon keep claims away from the webhook', async () => {
    const { svc, webhookId, batch, now } = await claimed(30, 10);
    const book = throttleBook(svc.deps, { horizonMs: 4_000, report: () => expect.unreachable() });
    expect(await book.admit(batch, new Date(now))).toEqual([]);
    // Slots up to 2.9 s ahead: passed over until 2 s (half the horizon) are left, 0.9 s from now.
    expect(book.holding()).toEqual([webhookId]);
    expect(book.heldFor()).toBe(900);
    at(900);
    expect(book.holding()).toEqual([]);
  });
});
