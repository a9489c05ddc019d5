import type { Delivery, DeliveryAttempt, EventRecord, Storage } from '@affiliate-commerce/core';
import { beforeAll, describe, expect, it } from 'vitest';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

function event(id: string, overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    eventId: id,
    eventType: 'order_created',
    affiliateId: 'aff_1',
    occurredAt: t0,
    data: { order_id: 'ord_1', nested: { a: [1, 2] } },
    ...overrides,
  };
}

function delivery(id: string, eventId: string, overrides: Partial<Delivery> = {}): Delivery {
  return {
    id,
    affiliateId: 'aff_1',
    webhookId: 'whk_1',
    eventId,
    eventType: 'order_created',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: t0,
    createdAt: t0,
    updatedAt: t0,
    ...overrides,
  };
}

function attempt(deliveryId: string, n: number, overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return {
    id: `att_${deliveryId}_${n}`,
    deliveryId,
    affiliateId: 'aff_1',
    webhookId: 'whk_1',
    eventId: 'evt_x',
    eventType: 'order_created',
    attempt: n,
    attemptedAt: at(n),
    payloadVersion: 'v2',
    succeeded: false,
    statusCode: 500,
    latencyMs: 12,
    responseBody: 'oops',
    ...overrides,
  };
}

/**
 * The outbox part of the storage contract (run by {@link storageContract} on every implementation).
 *
 * @example
 * deliveryStoreContract(() => storage);
 */
export function deliveryStoreContract(getStorage: () => Storage): void {
  describe('deliveries (outbox)', () => {
    let storage: Storage;
    beforeAll(() => {
      storage = getStorage();
    });

    it('events: stored once (emission is idempotent) and read back whole; absent parts omitted', async () => {
      const full = event('evt_full', {
        patient: { id: 'pat_1', externalId: 'ext_1', marketingConsent: true, isReturning: false },
        attribution: { touch_count: 1, visitor_id: 'v1' },
      });
      expect(await storage.deliveries.insertEvent({ event: full })).toBe(true);
      expect(await storage.deliveries.insertEvent({ event: { ...full, data: { other: true } } })).toBe(false);
      expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_full' })).toEqual(full);
      await storage.deliveries.insertEvent({ event: event('evt_bare') });
      const bare = await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_bare' });
      expect(bare).toEqual(event('evt_bare'));
      expect(
        await storage.deliveries.getEvent({ affiliateId: 'aff_2', eventId: 'evt_bare' }),
      ).toBeUndefined();
    });

    it('claimDue: only due pending rows, leased so nobody else claims them until the lease ends', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c1') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_due', 'evt_c1', { webhookId: 'whk_claim' }),
          delivery('dlv_later', 'evt_c1', { webhookId: 'whk_claim', nextAttemptAt: at(3600) }),
        ],
      });
      const first = await storage.deliveries.claimDue({
        now: at(1),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_a',
      });
      const mine = first.filter((c) => c.delivery.webhookId === 'whk_claim');
      expect(mine.map((c) => c.delivery.id)).toEqual(['dlv_due']);
      expect(mine[0]!.event).toEqual(event('evt_c1'));
      expect(mine[0]!.leaseToken).toBe('lease_a');
      const again = await storage.deliveries.claimDue({
        now: at(2),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_b',
      });
      expect(again.map((c) => c.delivery.id)).not.toContain('dlv_due');
      const afterLease = await storage.deliveries.claimDue({
        now: at(62),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_c',
      });
      expect(afterLease.map((c) => c.delivery.id)).toContain('dlv_due');
    });

    it('complete: with the current lease it records the outcome; with a lost lease only the attempt is logged', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c2') });
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_c2', 'evt_c2', { webhookId: 'whk_c2' })],
      });
      const [claimed] = (
        await storage.deliveries.claimDue({ now: at(1), limit: 100, leaseMs: 1000, leaseToken: 'old' })
      ).filter((c) => c.delivery.id === 'dlv_c2');
      expect(claimed).toBeDefined();
      const [reclaimed] = (
        await storage.deliveries.claimDue({ now: at(5), limit: 100, leaseMs: 60_000, leaseToken: 'new' })
      ).filter((c) => c.delivery.id === 'dlv_c2');
      expect(reclaimed).toBeDefined();
      const stale = await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_c2',
        leaseToken: 'old',
        outcome: { attempt: attempt('dlv_c2', 1, { webhookId: 'whk_c2' }), status: 'succeeded' },
        updatedAt: at(6),
      });
      expect(stale).toBe(false);
      const fresh = await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_c2',
        leaseToken: 'new',
        outcome: {
          attempt: attempt('dlv_c2', 2, { webhookId: 'whk_c2' }),
          status: 'pending',
          nextAttemptAt: at(300),
        },
        updatedAt: at(7),
      });
      expect(fresh).toBe(true);
      const read = await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c2', id: 'dlv_c2' });
      expect(read).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: at(300),
        lastAttemptAt: at(2),
        lastStatusCode: 500,
      });
      const log = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_c2',
        offset: 0,
        limit: 10,
      });
      expect(log.total).toBe(2);
      expect(log.items.map((a) => a.attempt)).toEqual([2, 1]);
      expect(log.items[0]).toEqual(attempt('dlv_c2', 2, { webhookId: 'whk_c2' }));
    });

    it('a final outcome clears nextAttemptAt; requeue makes it due again; another tenant or webhook cannot', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c3') });
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_c3', 'evt_c3', { webhookId: 'whk_c3' })],
      });
      const claimed = (
        await storage.deliveries.claimDue({ now: at(1), limit: 100, leaseMs: 60_000, leaseToken: 't3' })
      ).find((c) => c.delivery.id === 'dlv_c3')!;
      await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_c3',
        leaseToken: claimed.leaseToken,
        outcome: { attempt: attempt('dlv_c3', 1, { webhookId: 'whk_c3' }), status: 'failed' },
        updatedAt: at(2),
      });
      const failed = await storage.deliveries.get({
        affiliateId: 'aff_1',
        webhookId: 'whk_c3',
        id: 'dlv_c3',
      });
      expect(failed?.status).toBe('failed');
      expect(failed?.nextAttemptAt).toBeUndefined();
      expect(
        await storage.deliveries.requeue({
          affiliateId: 'aff_2',
          webhookId: 'whk_c3',
          id: 'dlv_c3',
          now: at(10),
        }),
      ).toBeUndefined();
      expect(
        await storage.deliveries.requeue({
          affiliateId: 'aff_1',
          webhookId: 'whk_other',
          id: 'dlv_c3',
          now: at(10),
        }),
      ).toBeUndefined();
      const requeued = await storage.deliveries.requeue({
        affiliateId: 'aff_1',
        webhookId: 'whk_c3',
        id: 'dlv_c3',
        now: at(10),
      });
      expect(requeued).toMatchObject({ status: 'pending', nextAttemptAt: at(10), attempts: 1 });
      expect(
        await storage.deliveries.requeue({
          affiliateId: 'aff_1',
          webhookId: 'whk_c3',
          id: 'dlv_c3',
          now: at(11),
        }),
      ).toBeUndefined();
      expect(
        await storage.deliveries.get({ affiliateId: 'aff_2', webhookId: 'whk_c3', id: 'dlv_c3' }),
      ).toBeUndefined();
    });

    it('cancelPending cancels only that webhook’s pending deliveries', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c4') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_c4a', 'evt_c4', { webhookId: 'whk_c4', nextAttemptAt: at(5000) }),
          delivery('dlv_c4b', 'evt_c4', { webhookId: 'whk_c4', nextAttemptAt: at(5000) }),
          delivery('dlv_c4c', 'evt_c4', { webhookId: 'whk_c4_other', nextAttemptAt: at(5000) }),
        ],
      });
      expect(
        await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_c4', now: at(3) }),
      ).toBe(2);
      expect(
        (await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c4', id: 'dlv_c4a' }))?.status,
      ).toBe('cancelled');
      expect(
        (await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c4_other', id: 'dlv_c4c' }))
          ?.status,
      ).toBe('pending');
    });

    it('two concurrent claimers never get the same delivery', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c5') });
      const rows = Array.from({ length: 40 }, (_, i) =>
        delivery(`dlv_c5_${String(i).padStart(2, '0')}`, 'evt_c5', {
          webhookId: 'whk_c5',
          nextAttemptAt: at(9000),
        }),
      );
      await storage.deliveries.enqueue({ deliveries: rows });
      const claims = await Promise.all(
        ['w1', 'w2', 'w3'].map((token) =>
          storage.deliveries.claimDue({ now: at(9001), limit: 20, leaseMs: 60_000, leaseToken: token }),
        ),
      );
      const ids = claims
        .flat()
        .filter((c) => c.delivery.webhookId === 'whk_c5')
        .map((c) => c.delivery.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.length).toBe(40);
    });

    it('completeMany writes a batch in one go, moving only rows whose lease matches', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c6') });
      await storage.deliveries.enqueue({
        deliveries: ['a', 'b', 'c'].map((x) =>
          delivery(`dlv_c6${x}`, 'evt_c6', { webhookId: 'whk_c6', nextAttemptAt: at(20_000) }),
        ),
      });
      const claimed = (
        await storage.deliveries.claimDue({
          now: at(20_001),
          limit: 100,
          leaseMs: 60_000,
          leaseToken: 'batch',
        })
      ).filter((c) => c.delivery.webhookId === 'whk_c6');
      expect(claimed).toHaveLength(3);
      const results = await storage.deliveries.completeMany({
        items: claimed.map((c, i) => ({
          affiliateId: 'aff_1',
          id: c.delivery.id,
          leaseToken: i === 2 ? 'not-mine' : 'batch',
          updatedAt: at(20_002),
          outcome:
            i === 0
              ? {
                  attempt: attempt(c.delivery.id, 1, {
                    webhookId: 'whk_c6',
                    succeeded: true,
                    statusCode: 200,
                    attemptedAt: at(0.5),
                  }),
                  status: 'succeeded' as const,
                }
              : {
                  attempt: attempt(c.delivery.id, 1, { webhookId: 'whk_c6' }),
                  status: 'pending' as const,
                  nextAttemptAt: at(20_100),
                },
        })),
      });
      expect(results).toEqual([true, true, false]);
      const read = await Promise.all(
        claimed.map((c) =>
          storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c6', id: c.delivery.id }),
        ),
      );
      expect(read.map((d) => [d?.status, d?.attempts])).toEqual([
        ['succeeded', 1],
        ['pending', 1],
        ['pending', 0],
      ]);
      expect(read[1]?.nextAttemptAt).toEqual(at(20_100));
      expect(
        (
          await storage.deliveries.listAttempts({
            affiliateId: 'aff_1',
            webhookId: 'whk_c6',
            offset: 0,
            limit: 10,
          })
        ).total,
      ).toBe(3);
      expect(await storage.deliveries.completeMany({ items: [] })).toEqual([]);
      expect(await storage.deliveries.failingSince({ affiliateId: 'aff_1', webhookId: 'whk_c6' })).toEqual(
        at(1),
      );
    });

    it('release gives unsent claims back at once, only with the current lease', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c7') });
      await storage.deliveries.enqueue({
        deliveries: ['a', 'b'].map((x) =>
          delivery(`dlv_c7${x}`, 'evt_c7', { webhookId: 'whk_c7', nextAttemptAt: at(30_000) }),
        ),
      });
      const claim = async (token: string) =>
        (
          await storage.deliveries.claimDue({
            now: at(30_001),
            limit: 100,
            leaseMs: 60_000,
            leaseToken: token,
          })
        ).filter((c) => c.delivery.webhookId === 'whk_c7');
      expect(await claim('first')).toHaveLength(2);
      const released = await storage.deliveries.release({
        items: [
          { affiliateId: 'aff_1', id: 'dlv_c7a', leaseToken: 'first' },
          { affiliateId: 'aff_1', id: 'dlv_c7b', leaseToken: 'not-mine' },
          { affiliateId: 'aff_2', id: 'dlv_c7b', leaseToken: 'first' },
        ],
      });
      expect(released).toBe(1);
      // Within the first lease, only the released row is claimable again; it stays pending and unattempted.
      const again = await claim('second');
      expect(again.map((c) => [c.delivery.id, c.delivery.status, c.delivery.attempts])).toEqual([
        ['dlv_c7a', 'pending', 0],
      ]);
      expect(await storage.deliveries.release({ items: [] })).toBe(0);
    });

    it('claimDue passes over the webhooks it is told to skip, and still claims the rest in due order', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c8') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_c8a', 'evt_c8', { webhookId: 'whk_c8_bad', nextAttemptAt: at(40_000) }),
          delivery('dlv_c8b', 'evt_c8', { webhookId: 'whk_c8_bad', nextAttemptAt: at(40_001) }),
          delivery('dlv_c8c', 'evt_c8', { webhookId: 'whk_c8_good', nextAttemptAt: at(40_002) }),
          delivery('dlv_c8d', 'evt_c8', { webhookId: 'whk_c8_other', nextAttemptAt: at(40_003) }),
        ],
      });
      const claimed = await storage.deliveries.claimDue({
        now: at(40_010),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'skip',
        skipWebhookIds: ['whk_c8_bad', 'whk_none'],
      });
      const mine = claimed.filter((c) => c.delivery.eventId === 'evt_c8').map((c) => c.delivery.id);
      expect(mine).toEqual(['dlv_c8c', 'dlv_c8d']);
      const rest = await storage.deliveries.claimDue({
        now: at(40_010),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'rest',
        skipWebhookIds: [],
      });
      expect(rest.filter((c) => c.delivery.eventId === 'evt_c8').map((c) => c.delivery.id)).toEqual([
        'dlv_c8a',
        'dlv_c8b',
      ]);
    });

    it('release with nextAttemptAt holds the delivery back until then, spending no attempt', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c9') });
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_c9', 'evt_c9', { webhookId: 'whk_c9', nextAttemptAt: at(50_000) })],
      });
      const claim = async (now: Date, token: string) =>
        (await storage.deliveries.claimDue({ now, limit: 100, leaseMs: 60_000, leaseToken: token })).filter(
          (c) => c.delivery.id === 'dlv_c9',
        );
      expect(await claim(at(50_001), 'held')).toHaveLength(1);
      expect(
        await storage.deliveries.release({
          items: [{ affiliateId: 'aff_1', id: 'dlv_c9', leaseToken: 'held', nextAttemptAt: at(50_030) }],
        }),
      ).toBe(1);
      expect(await claim(at(50_029), 'early')).toEqual([]);
      const later = await claim(at(50_030), 'later');
      expect(later.map((c) => [c.delivery.status, c.delivery.attempts, c.delivery.nextAttemptAt])).toEqual([
        ['pending', 0, at(50_030)],
      ]);
    });

    it("defer moves a webhook's pending, unheld deliveries due before `until`, and nothing else", async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c10') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_c10a', 'evt_c10', { webhookId: 'whk_c10', nextAttemptAt: at(60_000) }),
          delivery('dlv_c10b', 'evt_c10', { webhookId: 'whk_c10', nextAttemptAt: at(60_001) }),
          delivery('dlv_c10c', 'evt_c10', { webhookId: 'whk_c10', nextAttemptAt: at(70_000) }),
          delivery('dlv_c10d', 'evt_c10', {
            webhookId: 'whk_c10',
            status: 'failed',
            nextAttemptAt: undefined,
          }),
          delivery('dlv_c10e', 'evt_c10', { webhookId: 'whk_c10_other', nextAttemptAt: at(60_000) }),
          delivery('dlv_c10f', 'evt_c10', {
            webhookId: 'whk_c10',
            affiliateId: 'aff_2',
            nextAttemptAt: at(60_000),
          }),
        ],
      });
      // One is held by a worker: its lease decides, not the deferral.
      const held = await storage.deliveries.claimDue({
        now: at(60_000),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'holder',
        skipWebhookIds: ['whk_c10_other'],
      });
      const mine = held.filter(
        (c) => c.delivery.webhookId === 'whk_c10' && c.delivery.affiliateId === 'aff_1',
      );
      expect(mine.map((c) => c.delivery.id)).toEqual(['dlv_c10a']);
      const moved = await storage.deliveries.defer({
        affiliateId: 'aff_1',
        webhookId: 'whk_c10',
        until: at(65_000),
        now: at(60_002),
      });
      expect(moved).toBe(1);
      const read = async (id: string, affiliateId = 'aff_1', webhookId = 'whk_c10') =>
        (await storage.deliveries.get({ affiliateId, webhookId, id }))!;
      expect((await read('dlv_c10b')).nextAttemptAt).toEqual(at(65_000));
      expect((await read('dlv_c10b')).attempts).toBe(0);
      expect((await read('dlv_c10c')).nextAttemptAt).toEqual(at(70_000));
      expect((await read('dlv_c10d')).status).toBe('failed');
      expect((await read('dlv_c10e', 'aff_1', 'whk_c10_other')).nextAttemptAt).toEqual(at(60_000));
      expect((await read('dlv_c10f', 'aff_2')).nextAttemptAt).toEqual(at(60_000));
    });

    it("resume makes a webhook's pending, unheld deliveries due by `heldUntil` due now, and nothing else", async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c11') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_c11a', 'evt_c11', { webhookId: 'whk_c11', nextAttemptAt: at(90_000) }),
          delivery('dlv_c11b', 'evt_c11', { webhookId: 'whk_c11', nextAttemptAt: at(95_000) }),
          delivery('dlv_c11c', 'evt_c11', { webhookId: 'whk_c11', nextAttemptAt: at(99_000) }),
          delivery('dlv_c11d', 'evt_c11', { webhookId: 'whk_c11', nextAttemptAt: at(80_000) }),
          delivery('dlv_c11e', 'evt_c11', { webhookId: 'whk_c11_other', nextAttemptAt: at(95_000) }),
          delivery('dlv_c11f', 'evt_c11', {
            webhookId: 'whk_c11',
            affiliateId: 'aff_2',
            nextAttemptAt: at(95_000),
          }),
          delivery('dlv_c11g', 'evt_c11', {
            webhookId: 'whk_c11',
            status: 'failed',
            nextAttemptAt: undefined,
          }),
        ],
      });
      const moved = await storage.deliveries.resume({
        affiliateId: 'aff_1',
        webhookId: 'whk_c11',
        heldUntil: at(95_000),
        now: at(85_000),
      });
      expect(moved).toBe(2);
      const read = async (id: string, affiliateId = 'aff_1', webhookId = 'whk_c11') =>
        (await storage.deliveries.get({ affiliateId, webhookId, id }))!;
      expect((await read('dlv_c11a')).nextAttemptAt).toEqual(at(85_000));
      expect((await read('dlv_c11b')).nextAttemptAt).toEqual(at(85_000));
      // Due after the breaker's hold: a retry of its own schedule, left alone.
      expect((await read('dlv_c11c')).nextAttemptAt).toEqual(at(99_000));
      // Already due: nothing to pull forward.
      expect((await read('dlv_c11d')).nextAttemptAt).toEqual(at(80_000));
      expect((await read('dlv_c11e', 'aff_1', 'whk_c11_other')).nextAttemptAt).toEqual(at(95_000));
      expect((await read('dlv_c11f', 'aff_2')).nextAttemptAt).toEqual(at(95_000));
      expect((await read('dlv_c11g')).status).toBe('failed');
    });

    it('an emission rolled back leaves neither the event nor its deliveries', async () => {
      await expect(
        storage.transaction(async (tx) => {
          await tx.deliveries.insertEvent({ event: event('evt_rb') });
          await tx.deliveries.enqueue({
            deliveries: [delivery('dlv_rb', 'evt_rb', { webhookId: 'whk_rb' })],
          });
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_rb' })).toBeUndefined();
      expect(
        await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_rb', id: 'dlv_rb' }),
      ).toBeUndefined();
    });
  });
}
