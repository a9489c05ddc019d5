import type { Storage } from '@affiliate-commerce/core';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryListQuery,
  DeliveryPage,
  DeliveryPosition,
  DeliveryStatus,
} from '@affiliate-commerce/core/storage';
import fc from 'fast-check';
import { expect, it } from 'vitest';

/** Far from the rows of the other outbox tests, and from their prune cutoffs and claims. */
const m0 = new Date('2032-05-01T00:00:00.000Z');
const ms = (offset: number) => new Date(m0.getTime() + offset);
/** When a pending delivery of these tests is due: never, for the claims of the other tests. */
const never = new Date('2199-01-01T00:00:00.000Z');

/**
 * The list order the port promises: newest first, then id descending. The ids made here are
 * ASCII, where code units, code points and PostgreSQL's `"C"` collation agree.
 */
const newestFirst = (a: DeliveryPosition, b: DeliveryPosition): number =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

const positionOf = (d: Delivery): DeliveryPosition => ({ createdAt: d.createdAt, id: d.id });
const idsOf = (deliveries: readonly Delivery[]) => deliveries.map((d) => d.id);

const statuses: readonly DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'cancelled'];
const types = ['order_created', 'payment_succeeded', 'journey_started'] as const;
const webhooks = ['whk_ml_a', 'whk_ml_b'] as const;

function delivery(affiliateId: string, id: string, offset: number, fields: Partial<Delivery> = {}): Delivery {
  const status = fields.status ?? 'succeeded';
  return {
    id,
    affiliateId,
    webhookId: 'whk_ml_a',
    eventId: `evt_${id}`,
    eventType: 'order_created',
    attempts: 1,
    createdAt: ms(offset),
    updatedAt: ms(offset),
    ...(status === 'pending' ? { nextAttemptAt: never } : {}),
    ...fields,
    status,
  };
}

function attempt(affiliateId: string, deliveryId: string, n: number, seconds: number): DeliveryAttempt {
  return {
    id: `att_${deliveryId}_${n}_${seconds}`,
    deliveryId,
    affiliateId,
    webhookId: 'whk_ml_a',
    eventId: `evt_${deliveryId}`,
    eventType: 'order_created',
    attempt: n,
    attemptedAt: ms(seconds * 1000),
    payloadVersion: 'v2',
    succeeded: false,
    latencyMs: 5,
    error: 'timeout: no answer in 15000 ms',
  };
}

type Filters = Omit<DeliveryListQuery, 'affiliateId' | 'limit' | 'startingAfter' | 'endingBefore'>;

/** Reads every page downwards from the top, by `startingAfter`; checks `hasMore` on the way. */
async function walkDown(storage: Storage, query: Omit<DeliveryListQuery, 'startingAfter' | 'endingBefore'>) {
  const seen: Delivery[] = [];
  let page: DeliveryPage = await storage.deliveries.listDeliveries(query);
  for (;;) {
    expect(page.deliveries.length).toBeLessThanOrEqual(query.limit);
    seen.push(...page.deliveries);
    if (!page.hasMore) return seen;
    expect(page.deliveries.length).toBe(query.limit);
    page = await storage.deliveries.listDeliveries({ ...query, startingAfter: positionOf(seen.at(-1)!) });
  }
}

/** Reads every page upwards from `from` (left out), by `endingBefore`; each page comes newest first. */
async function walkUp(
  storage: Storage,
  query: Omit<DeliveryListQuery, 'startingAfter' | 'endingBefore'>,
  from: Delivery,
) {
  const seen: Delivery[] = [];
  let position = positionOf(from);
  for (;;) {
    const page = await storage.deliveries.listDeliveries({ ...query, endingBefore: position });
    expect(page.deliveries.length).toBeLessThanOrEqual(query.limit);
    seen.unshift(...page.deliveries);
    if (!page.hasMore) return seen;
    expect(page.deliveries.length).toBe(query.limit);
    position = positionOf(page.deliveries[0]!);
  }
}

/** Whether a delivery passes the filters, as the port defines them. */
const passes = (d: Delivery, filters: Filters) =>
  (filters.webhookId === undefined || d.webhookId === filters.webhookId) &&
  (!filters.statuses || filters.statuses.includes(d.status)) &&
  (!filters.types || filters.types.includes(d.eventType)) &&
  (!filters.createdFrom || d.createdAt >= filters.createdFrom) &&
  (!filters.createdBefore || d.createdAt < filters.createdBefore);

/** Random deliveries of one affiliate: unique ids of mixed case, a few milliseconds apart, so many share one. */
const deliveriesArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/),
    offset: fc.integer({ min: 0, max: 4 }),
    status: fc.constantFrom(...statuses),
    eventType: fc.constantFrom(...types),
    webhookId: fc.constantFrom(...webhooks),
  }),
  { selector: (row) => row.id, maxLength: 30 },
);

const filtersArbitrary: fc.Arbitrary<Filters> = fc
  .record(
    {
      webhookId: fc.constantFrom(...webhooks),
      statuses: fc.subarray([...statuses], { minLength: 1 }),
      types: fc.subarray<string>([...types], { minLength: 1 }),
      createdFrom: fc.integer({ min: 0, max: 4 }).map(ms),
      createdBefore: fc.integer({ min: 0, max: 5 }).map(ms),
    },
    { requiredKeys: [] },
  )
  .map((filters) => filters as Filters);

/**
 * The message log of the outbox (`listDeliveries`, `findDelivery`, `listDeliveryAttempts`), part
 * of the delivery store contract: order, both cursors, filters, tenancy, and pages that
 * concatenate to the whole list.
 */
export function deliveryLogContract(getStorage: () => Storage): void {
  let runs = 0;
  /** A fresh affiliate for each run, so runs on the one shared storage never see each other. */
  const freshAffiliate = (name: string) => {
    runs += 1;
    return `aff_ml_${name}_${runs}`;
  };

  it('listDeliveries: newest first, same-millisecond deliveries by id descending, one page each way from a position', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('order');
    const rows = [
      delivery(affiliateId, 'dlv_a', 0),
      delivery(affiliateId, 'dlv_B', 5),
      delivery(affiliateId, 'dlv_b', 5, { webhookId: 'whk_ml_b' }),
      delivery(affiliateId, 'dlv_c', 5),
      delivery(affiliateId, 'dlv_d', 9, { status: 'pending' }),
    ];
    await storage.deliveries.enqueue({ deliveries: rows });
    await storage.deliveries.enqueue({ deliveries: [delivery('aff_ml_someone_else', 'dlv_z', 7)] });
    const query = { affiliateId, limit: 10 };
    const whole = await storage.deliveries.listDeliveries(query);
    // Byte order: upper case sorts before lower case.
    expect(idsOf(whole.deliveries)).toEqual(['dlv_d', 'dlv_c', 'dlv_b', 'dlv_B', 'dlv_a']);
    expect(whole.hasMore).toBe(false);
    expect(whole.deliveries[0]).toEqual(rows[4]);
    const at = (id: string) => positionOf(rows.find((row) => row.id === id)!);
    const down = await storage.deliveries.listDeliveries({ ...query, limit: 2, startingAfter: at('dlv_c') });
    expect({ ids: idsOf(down.deliveries), hasMore: down.hasMore }).toEqual({
      ids: ['dlv_b', 'dlv_B'],
      hasMore: true,
    });
    const up = await storage.deliveries.listDeliveries({ ...query, limit: 2, endingBefore: at('dlv_B') });
    expect({ ids: idsOf(up.deliveries), hasMore: up.hasMore }).toEqual({
      ids: ['dlv_c', 'dlv_b'],
      hasMore: true,
    });
    const top = await storage.deliveries.listDeliveries({ ...query, limit: 2, endingBefore: at('dlv_c') });
    expect({ ids: idsOf(top.deliveries), hasMore: top.hasMore }).toEqual({ ids: ['dlv_d'], hasMore: false });
    // A position need not be a stored delivery's: between two of them, the list splits there.
    const between = await storage.deliveries.listDeliveries({
      ...query,
      startingAfter: { createdAt: ms(5), id: 'dlv_bb' },
    });
    expect(idsOf(between.deliveries)).toEqual(['dlv_b', 'dlv_B', 'dlv_a']);
  });

  it('listDeliveries: filters by webhook, state, event type and when it was created ([from, before)), of that affiliate only', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('filters');
    await storage.deliveries.enqueue({
      deliveries: [
        delivery(affiliateId, 'dlv_1', 0, { status: 'failed' }),
        delivery(affiliateId, 'dlv_2', 10, { webhookId: 'whk_ml_b', eventType: 'payment_succeeded' }),
        delivery(affiliateId, 'dlv_3', 20, { status: 'pending' }),
        delivery(affiliateId, 'dlv_4', 30, { status: 'cancelled', webhookId: 'whk_ml_b' }),
      ],
    });
    const list = async (filters: Filters) =>
      idsOf((await storage.deliveries.listDeliveries({ affiliateId, limit: 10, ...filters })).deliveries);
    expect(await list({})).toEqual(['dlv_4', 'dlv_3', 'dlv_2', 'dlv_1']);
    expect(await list({ webhookId: 'whk_ml_b' })).toEqual(['dlv_4', 'dlv_2']);
    expect(await list({ webhookId: 'whk_ml_none' })).toEqual([]);
    expect(await list({ statuses: ['failed', 'pending'] })).toEqual(['dlv_3', 'dlv_1']);
    expect(await list({ types: ['payment_succeeded'] })).toEqual(['dlv_2']);
    expect(await list({ createdFrom: ms(10) })).toEqual(['dlv_4', 'dlv_3', 'dlv_2']);
    expect(await list({ createdBefore: ms(10) })).toEqual(['dlv_1']);
    expect(await list({ createdFrom: ms(5), createdBefore: ms(30), statuses: ['succeeded'] })).toEqual([
      'dlv_2',
    ]);
    expect(
      (await storage.deliveries.listDeliveries({ affiliateId: 'aff_ml_nobody', limit: 10 })).deliveries,
    ).toEqual([]);
  });

  it('findDelivery reads one delivery whatever its webhook, of that affiliate only', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('find');
    const row = delivery(affiliateId, 'dlv_find', 0, { webhookId: 'whk_ml_b', status: 'pending' });
    await storage.deliveries.enqueue({ deliveries: [row] });
    expect(await storage.deliveries.findDelivery({ affiliateId, id: 'dlv_find' })).toEqual(row);
    expect(await storage.deliveries.findDelivery({ affiliateId: 'aff_ml_nobody', id: 'dlv_find' })).toBe(
      undefined,
    );
    expect(await storage.deliveries.findDelivery({ affiliateId, id: 'dlv_none' })).toBeUndefined();
  });

  it('listDeliveryAttempts: the newest `limit` attempts of one delivery, oldest first, numbered as stored', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('attempts');
    const id = 'dlv_att';
    await storage.deliveries.enqueue({
      deliveries: [delivery(affiliateId, id, 0, { status: 'pending', nextAttemptAt: ms(0) })],
    });
    // Logged as a worker logs them: under a lease, one per claim. A recovery starts the numbers again.
    const numbers = [1, 2, 3, 1, 2];
    const logged: DeliveryAttempt[] = [];
    for (const [i, n] of numbers.entries()) {
      const now = ms(10_000 * (i + 1));
      const claimed = await storage.deliveries.claimDue({
        now,
        limit: 1000,
        leaseMs: 60_000,
        leaseToken: `lease_ml_${i}`,
      });
      await storage.deliveries.release({
        items: claimed
          .filter((c) => c.delivery.id !== id)
          .map((c) => ({ affiliateId: c.delivery.affiliateId, id: c.delivery.id, leaseToken: c.leaseToken })),
      });
      const row = attempt(affiliateId, id, n, 10 * (i + 1));
      logged.push(row);
      expect(
        await storage.deliveries.complete({
          affiliateId,
          id,
          leaseToken: `lease_ml_${i}`,
          outcome: { attempt: row, status: 'pending', nextAttemptAt: now },
          updatedAt: now,
        }),
      ).toBe(true);
    }
    const read = (limit: number, who = affiliateId) =>
      storage.deliveries.listDeliveryAttempts({ affiliateId: who, deliveryId: id, limit });
    expect(await read(100)).toEqual(logged);
    expect(await read(2)).toEqual(logged.slice(3));
    expect(await read(100, 'aff_ml_nobody')).toEqual([]);
    await storage.deliveries.cancelPending({ affiliateId, webhookId: 'whk_ml_a', now: ms(0) });
  });

  it('listDeliveries (property): with any filters, pages by startingAfter, and back up by endingBefore, hold every matching delivery once, in order', async () => {
    const storage = getStorage();
    await fc.assert(
      fc.asyncProperty(
        deliveriesArbitrary,
        filtersArbitrary,
        fc.integer({ min: 1, max: 7 }),
        async (rows, filters, limit) => {
          const affiliateId = freshAffiliate('pages');
          const stored = rows.map(({ id, offset, ...fields }) => delivery(affiliateId, id, offset, fields));
          await storage.deliveries.enqueue({ deliveries: stored });
          const expected = idsOf(stored.filter((d) => passes(d, filters)).sort(newestFirst));
          const query = { affiliateId, limit, ...filters };
          const down = await walkDown(storage, query);
          expect(idsOf(down)).toEqual(expected);
          if (down.length === 0) return;
          const oldest = down.at(-1)!;
          const up = await walkUp(storage, query, oldest);
          expect([...idsOf(up), oldest.id]).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);
}
