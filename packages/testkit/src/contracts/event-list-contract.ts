import type { EventRecord, Storage } from '@affiliate-commerce/core';
import type { Delivery, EventListQuery, EventPage, EventPosition } from '@affiliate-commerce/core/storage';
import fc from 'fast-check';
import { expect, it } from 'vitest';

/** Far from the rows of the other outbox tests, and from their prune cutoffs. */
const e0 = new Date('2031-03-01T00:00:00.000Z');
const ms = (offset: number) => new Date(e0.getTime() + offset);

/**
 * The list order the port promises: newest first, then id descending. The ids made here are
 * ASCII, where code units, code points and PostgreSQL's `"C"` collation agree.
 */
const newestFirst = (a: EventPosition, b: EventPosition): number =>
  b.occurredAt.getTime() - a.occurredAt.getTime() ||
  (a.eventId < b.eventId ? 1 : a.eventId > b.eventId ? -1 : 0);

const positionOf = (event: EventRecord): EventPosition => ({
  occurredAt: event.occurredAt,
  eventId: event.eventId,
});

const idsOf = (events: readonly EventRecord[]) => events.map((event) => event.eventId);

function event(
  affiliateId: string,
  eventId: string,
  offset: number,
  eventType = 'order_created',
): EventRecord {
  return { eventId, eventType, affiliateId, occurredAt: ms(offset), data: { order_id: `ord_${eventId}` } };
}

/** A finished delivery (as `enqueue` stores one): never due, so no claim of the other tests takes it. */
function sent(affiliateId: string, id: string, eventId: string, webhookId: string, offset: number): Delivery {
  return {
    id,
    affiliateId,
    webhookId,
    eventId,
    eventType: 'order_created',
    status: 'succeeded',
    attempts: 1,
    createdAt: ms(offset),
    updatedAt: ms(offset),
  };
}

const types = ['order_created', 'payment_succeeded', 'journey_started'] as const;
const manyUnusedTypes = Array.from({ length: 10 }, (_, i) => `unused_type_${i}`);

/** Random events of one affiliate: unique ids of mixed case, a few milliseconds apart, so many share one. */
const eventsArbitrary = fc
  .uniqueArray(fc.stringMatching(/^[A-Za-z0-9]{1,6}$/), { minLength: 0, maxLength: 30 })
  .chain((ids) =>
    fc.tuple(
      fc.constant(ids),
      fc.array(fc.integer({ min: 0, max: 4 }), { minLength: ids.length, maxLength: ids.length }),
      fc.array(fc.constantFrom(...types), { minLength: ids.length, maxLength: ids.length }),
    ),
  );

/** Reads every page downwards from the top, by `startingAfter`; checks `hasMore` on the way. */
async function walkDown(
  storage: Storage,
  query: Omit<EventListQuery, 'startingAfter' | 'endingBefore'>,
  between: () => Promise<void> = async () => {},
): Promise<EventRecord[]> {
  const seen: EventRecord[] = [];
  let page: EventPage = await storage.deliveries.listEvents(query);
  for (;;) {
    expect(page.events.length).toBeLessThanOrEqual(query.limit);
    seen.push(...page.events);
    if (!page.hasMore) return seen;
    expect(page.events.length).toBe(query.limit);
    await between();
    page = await storage.deliveries.listEvents({ ...query, startingAfter: positionOf(seen.at(-1)!) });
  }
}

/** Reads every page upwards from `from` (left out), by `endingBefore`; each page comes newest first. */
async function walkUp(
  storage: Storage,
  query: Omit<EventListQuery, 'startingAfter' | 'endingBefore'>,
  from: EventRecord,
): Promise<EventRecord[]> {
  const seen: EventRecord[] = [];
  let position = positionOf(from);
  for (;;) {
    const page = await storage.deliveries.listEvents({ ...query, endingBefore: position });
    expect(page.events.length).toBeLessThanOrEqual(query.limit);
    seen.unshift(...page.events);
    if (!page.hasMore) return seen;
    expect(page.events.length).toBe(query.limit);
    position = positionOf(page.events[0]!);
  }
}

/**
 * The event list of the outbox (`listEvents`, `listEventDeliveries`), part of the delivery store
 * contract: order, both cursors, filters, tenancy, and pages that concatenate to the whole list.
 */
export function eventListContract(getStorage: () => Storage): void {
  let runs = 0;
  /** A fresh affiliate for each run, so runs on the one shared storage never see each other. */
  const freshAffiliate = (name: string) => {
    runs += 1;
    return `aff_el_${name}_${runs}`;
  };

  it('listEvents: newest first, same-millisecond events by id descending, one page each way from a position', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('order');
    const rows = [
      event(affiliateId, 'evt_a', 0),
      event(affiliateId, 'evt_B', 5),
      event(affiliateId, 'evt_b', 5),
      event(affiliateId, 'evt_c', 5),
      event(affiliateId, 'evt_d', 9),
    ];
    for (const row of rows) await storage.deliveries.insertEvent({ event: row });
    await storage.deliveries.insertEvent({ event: event('aff_el_someone_else', 'evt_z', 7) });
    const query = { affiliateId, types: [...types], limit: 10 };
    const whole = await storage.deliveries.listEvents(query);
    // Byte order: upper case sorts before lower case.
    expect(idsOf(whole.events)).toEqual(['evt_d', 'evt_c', 'evt_b', 'evt_B', 'evt_a']);
    expect(whole.hasMore).toBe(false);
    expect(whole.events[0]).toEqual(rows[4]);
    const at = (id: string) => positionOf(rows.find((row) => row.eventId === id)!);
    const down = await storage.deliveries.listEvents({ ...query, limit: 2, startingAfter: at('evt_c') });
    expect({ ids: idsOf(down.events), hasMore: down.hasMore }).toEqual({
      ids: ['evt_b', 'evt_B'],
      hasMore: true,
    });
    const up = await storage.deliveries.listEvents({ ...query, limit: 2, endingBefore: at('evt_B') });
    expect({ ids: idsOf(up.events), hasMore: up.hasMore }).toEqual({
      ids: ['evt_c', 'evt_b'],
      hasMore: true,
    });
    const top = await storage.deliveries.listEvents({ ...query, limit: 2, endingBefore: at('evt_c') });
    expect({ ids: idsOf(top.events), hasMore: top.hasMore }).toEqual({ ids: ['evt_d'], hasMore: false });
    // A position need not be a stored event's: between two of them, the list splits there.
    const between = await storage.deliveries.listEvents({
      ...query,
      startingAfter: { occurredAt: ms(5), eventId: 'evt_bb' },
    });
    expect(idsOf(between.events)).toEqual(['evt_b', 'evt_B', 'evt_a']);
  });

  it('listEvents: filters by type, by when it occurred ([from, before)) and by a webhook it has a delivery to', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('filters');
    const rows = [
      event(affiliateId, 'evt_1', 0, 'order_created'),
      event(affiliateId, 'evt_2', 10, 'payment_succeeded'),
      event(affiliateId, 'evt_3', 20, 'order_created'),
      event(affiliateId, 'evt_4', 30, 'internal_audit_recorded'),
    ];
    for (const row of rows) await storage.deliveries.insertEvent({ event: row });
    await storage.deliveries.enqueue({
      deliveries: [
        sent(affiliateId, `${affiliateId}_d1`, 'evt_1', 'whk_el_a', 0),
        sent(affiliateId, `${affiliateId}_d2`, 'evt_1', 'whk_el_b', 0),
        sent(affiliateId, `${affiliateId}_d3`, 'evt_3', 'whk_el_a', 20),
      ],
    });
    const list = async (query: Partial<EventListQuery>) =>
      idsOf(
        (await storage.deliveries.listEvents({ affiliateId, types: [...types], limit: 10, ...query })).events,
      );
    expect(await list({})).toEqual(['evt_3', 'evt_2', 'evt_1']);
    expect(await list({ types: ['order_created', 'internal_audit_recorded'] })).toEqual([
      'evt_4',
      'evt_3',
      'evt_1',
    ]);
    expect(await list({ occurredFrom: ms(10) })).toEqual(['evt_3', 'evt_2']);
    expect(await list({ occurredBefore: ms(10) })).toEqual(['evt_1']);
    expect(await list({ occurredFrom: ms(5), occurredBefore: ms(20) })).toEqual(['evt_2']);
    expect(await list({ webhookId: 'whk_el_a' })).toEqual(['evt_3', 'evt_1']);
    expect(await list({ webhookId: 'whk_el_b' })).toEqual(['evt_1']);
    expect(await list({ webhookId: 'whk_el_none' })).toEqual([]);
    expect(await list({ webhookId: 'whk_el_a', startingAfter: positionOf(rows[2]!) })).toEqual(['evt_1']);
    expect(await list({ webhookId: 'whk_el_a', endingBefore: positionOf(rows[0]!), limit: 1 })).toEqual([
      'evt_3',
    ]);
    // Another affiliate sees none of them, even through the same webhook id.
    expect(
      idsOf(
        (
          await storage.deliveries.listEvents({
            affiliateId: 'aff_el_someone_else',
            types: ['order_created'],
            webhookId: 'whk_el_a',
            limit: 10,
          })
        ).events,
      ),
    ).toEqual([]);
  });

  it('listEventDeliveries: one per webhook the event went to, oldest first, of that affiliate only', async () => {
    const storage = getStorage();
    const affiliateId = freshAffiliate('deliveries');
    await storage.deliveries.insertEvent({ event: event(affiliateId, 'evt_1', 0) });
    const later = sent(affiliateId, `${affiliateId}_2`, 'evt_1', 'whk_el_b', 3);
    const earlier = sent(affiliateId, `${affiliateId}_1`, 'evt_1', 'whk_el_a', 1);
    await storage.deliveries.enqueue({
      deliveries: [later, earlier, sent('aff_el_someone_else', `${affiliateId}_x`, 'evt_1', 'whk_el_c', 0)],
    });
    expect(await storage.deliveries.listEventDeliveries({ affiliateId, eventId: 'evt_1' })).toEqual([
      earlier,
      later,
    ]);
    expect(await storage.deliveries.listEventDeliveries({ affiliateId, eventId: 'evt_none' })).toEqual([]);
  });

  it('listEvents (property): pages by startingAfter, and back up by endingBefore, concatenate to the whole list, with no duplicate and no gap', async () => {
    const storage = getStorage();
    await fc.assert(
      fc.asyncProperty(
        eventsArbitrary,
        fc.integer({ min: 1, max: 7 }),
        fc.subarray<string>([...types], { minLength: 1 }),
        fc.boolean(),
        async ([ids, offsets, eventTypes], limit, filter, many) => {
          const affiliateId = freshAffiliate('pages');
          const rows = ids.map((id, i) => event(affiliateId, id, offsets[i]!, eventTypes[i]));
          for (const row of rows) await storage.deliveries.insertEvent({ event: row });
          const expected = idsOf(rows.filter((row) => filter.includes(row.eventType)).sort(newestFirst));
          // A few types or many (types no event has, and one twice): a store may read them differently.
          const asked = many ? [...filter, filter[0]!, ...manyUnusedTypes] : filter;
          const query = { affiliateId, types: asked, limit };
          const down = await walkDown(storage, query);
          expect(idsOf(down)).toEqual(expected);
          if (down.length === 0) return;
          const oldest = down.at(-1)!;
          const up = await walkUp(storage, query, oldest);
          expect([...idsOf(up), oldest.eventId]).toEqual(expected);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('listEvents (property): events recorded between page reads never disturb the pages walked down from the first', async () => {
    const storage = getStorage();
    await fc.assert(
      fc.asyncProperty(
        eventsArbitrary,
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 10 }),
        async ([ids, offsets], limit, bursts) => {
          const affiliateId = freshAffiliate('concurrent');
          const rows = ids.map((id, i) => event(affiliateId, id, offsets[i]!));
          for (const row of rows) await storage.deliveries.insertEvent({ event: row });
          // New events occur now: at or after the newest, in its millisecond too; their ids have
          // an underscore, which the random ones never do.
          const newest = Math.max(-1, ...offsets);
          let added = 0;
          const record = async () => {
            const burst = bursts[added % bursts.length]!;
            for (let i = 0; i < burst; i += 1) {
              added += 1;
              await storage.deliveries.insertEvent({
                event: event(affiliateId, `n_${added}`, newest + (added % 3)),
              });
            }
          };
          const query = { affiliateId, types: ['order_created'], limit };
          const walked = await walkDown(storage, query, record);
          const original = idsOf([...rows].sort(newestFirst));
          // Every event there when the walk began, once each and in order; anything recorded since
          // that shows up sorts where the list order puts it.
          expect(idsOf(walked).filter((id) => !id.startsWith('n_'))).toEqual(original);
          expect(new Set(idsOf(walked)).size).toBe(walked.length);
          for (let i = 1; i < walked.length; i += 1)
            expect(newestFirst(walked[i - 1]!, walked[i]!)).toBeLessThan(0);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
}
