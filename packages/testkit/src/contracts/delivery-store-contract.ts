import type { EventRecord, PayloadFilter, Storage, Webhook } from '@affiliate-commerce/core';
import type {
  AttemptOutcome,
  ClaimedDelivery,
  Delivery,
  DeliveryAttempt,
  WebhookBreaker,
} from '@affiliate-commerce/core/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryLogContract } from './delivery-log-contract';
import { eventListContract } from './event-list-contract';

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

/** A webhook as the webhook store keeps it, enabled and subscribed to order_created unless told otherwise. */
function webhook(id: string, fields: Partial<Webhook> & Pick<Webhook, 'affiliateId' | 'createdAt'>): Webhook {
  return {
    id,
    name: id,
    url: `https://hooks.example.com/${id}`,
    authentication: false,
    interests: ['order_created'],
    status: 'enabled',
    payloadVersion: 'v2',
    secrets: [],
    revision: 1,
    updatedAt: fields.createdAt,
    ...fields,
  };
}

/**
 * Filters in the form `parsePayloadFilter` stores them (a shorthand value written out as `$eq`),
 * as the webhook store receives them from the create and update routes.
 */
const usdOnly: PayloadFilter = { currency: { $eq: 'USD' } };
const bigOnly: PayloadFilter = { total_value_cents: { $gt: 10_000 } };
const euroOnly: PayloadFilter = { currency: { $eq: 'EUR' } };

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

    /**
     * Logs an attempt as a worker does: claims what is due at `now` under a fresh lease, completes
     * `id` with `outcome`, and gives the other claims back.
     */
    async function completeWithLease(input: {
      id: string;
      now: Date;
      outcome: AttemptOutcome;
      updatedAt: Date;
    }): Promise<void> {
      const leaseToken = `lease_${input.outcome.attempt.id}`;
      const claimed = await storage.deliveries.claimDue({
        now: input.now,
        limit: 100,
        leaseMs: 60_000,
        leaseToken,
      });
      expect(claimed.map((c) => c.delivery.id)).toContain(input.id);
      await storage.deliveries.release({
        items: claimed
          .filter((c) => c.delivery.id !== input.id)
          .map((c) => ({ affiliateId: c.delivery.affiliateId, id: c.delivery.id, leaseToken })),
      });
      const { id, outcome, updatedAt } = input;
      expect(
        await storage.deliveries.complete({ affiliateId: 'aff_1', id, leaseToken, outcome, updatedAt }),
      ).toBe(true);
    }

    /** The ids of every delivery a claim at `now` takes, each given back at once. */
    async function claimableIds(now: Date, leaseToken: string): Promise<string[]> {
      const claimed = await storage.deliveries.claimDue({ now, limit: 1000, leaseMs: 60_000, leaseToken });
      await storage.deliveries.release({
        items: claimed.map((c) => ({ affiliateId: c.delivery.affiliateId, id: c.delivery.id, leaseToken })),
      });
      return claimed.map((c) => c.delivery.id);
    }

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

    it('events: the trace context an event was emitted in comes back with it, from getEvent and claimDue', async () => {
      const traced = event('evt_traced', {
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      });
      await storage.deliveries.insertEvent({ event: traced });
      expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_traced' })).toEqual(
        traced,
      );
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_traced', 'evt_traced', { webhookId: 'whk_traced' })],
      });
      const claimed = await storage.deliveries.claimDue({
        now: at(1),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_traced',
      });
      expect(claimed.find((c) => c.delivery.id === 'dlv_traced')?.event).toEqual(traced);
      // Out of the way of the claims of the tests below.
      await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_traced', now: at(1) });
    });

    it('events: the tracestate an event was emitted with comes back beside its traceparent', async () => {
      const traced = event('evt_tracestate', {
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        tracestate: 'vendor=abc,other=1',
      });
      await storage.deliveries.insertEvent({ event: traced });
      expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_tracestate' })).toEqual(
        traced,
      );
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_tracestate', 'evt_tracestate', { webhookId: 'whk_tracestate' })],
      });
      const claimed = await storage.deliveries.claimDue({
        now: at(1),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_tracestate',
      });
      expect(claimed.find((c) => c.delivery.id === 'dlv_tracestate')?.event).toEqual(traced);
      await storage.deliveries.cancelPending({
        affiliateId: 'aff_1',
        webhookId: 'whk_tracestate',
        now: at(1),
      });
      // One event, then two: publish has a statement for each.
      const published = (id: string, tracestate: string) => ({
        event: event(id, { traceparent: traced.traceparent!, tracestate }),
        deliver: false,
        idPrefix: `dlv_${id}`,
      });
      await storage.deliveries.publish({ events: [published('evt_pub_1', 'a=1')] });
      await storage.deliveries.publish({
        events: [published('evt_pub_2', 'b=2'), published('evt_pub_3', 'c=3')],
      });
      for (const [id, tracestate] of [
        ['evt_pub_1', 'a=1'],
        ['evt_pub_2', 'b=2'],
        ['evt_pub_3', 'c=3'],
      ] as const) {
        expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: id })).toMatchObject({
          tracestate,
        });
      }
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

    it('complete: with the current lease it records the outcome and logs the attempt; with a lost lease it writes nothing', async () => {
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
      const read = () => storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c2', id: 'dlv_c2' });
      const log = () =>
        storage.deliveries.listAttempts({ affiliateId: 'aff_1', webhookId: 'whk_c2', offset: 0, limit: 10 });
      // The first holder's attempt 1 ends after its lease: neither the state nor the attempt is written.
      const stale = await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_c2',
        leaseToken: 'old',
        outcome: {
          attempt: attempt('dlv_c2', 1, {
            id: 'att_dlv_c2_late',
            webhookId: 'whk_c2',
            succeeded: true,
            statusCode: 200,
          }),
          status: 'succeeded',
        },
        updatedAt: at(6),
      });
      expect(stale).toBe(false);
      const untouched = await read();
      expect(untouched).toMatchObject({ status: 'pending', attempts: 0, updatedAt: t0 });
      expect(untouched?.lastAttemptAt).toBeUndefined();
      expect((await log()).total).toBe(0);
      // The holder's own attempt 1 is the one the log keeps.
      const fresh = await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_c2',
        leaseToken: 'new',
        outcome: {
          attempt: attempt('dlv_c2', 1, { webhookId: 'whk_c2' }),
          status: 'pending',
          nextAttemptAt: at(300),
        },
        updatedAt: at(7),
      });
      expect(fresh).toBe(true);
      expect(await read()).toMatchObject({
        status: 'pending',
        attempts: 1,
        nextAttemptAt: at(300),
        lastAttemptAt: at(1),
        lastStatusCode: 500,
      });
      // A completion spends the lease: the same token again is refused and writes nothing.
      expect(
        await storage.deliveries.complete({
          affiliateId: 'aff_1',
          id: 'dlv_c2',
          leaseToken: 'new',
          outcome: { attempt: attempt('dlv_c2', 2, { webhookId: 'whk_c2' }), status: 'failed' },
          updatedAt: at(8),
        }),
      ).toBe(false);
      const logged = await log();
      expect(logged.total).toBe(1);
      expect(logged.items).toEqual([attempt('dlv_c2', 1, { webhookId: 'whk_c2' })]);
      expect((await read())?.attempts).toBe(1);
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
      // Already due: it keeps its place.
      expect(
        await storage.deliveries.requeue({
          affiliateId: 'aff_1',
          webhookId: 'whk_c3',
          id: 'dlv_c3',
          now: at(11),
        }),
      ).toMatchObject({ status: 'pending', nextAttemptAt: at(10) });
      expect(
        await storage.deliveries.get({ affiliateId: 'aff_2', webhookId: 'whk_c3', id: 'dlv_c3' }),
      ).toBeUndefined();
    });

    it('requeue of a pending delivery: due now when no worker holds it; one a worker holds keeps its lease', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_rq') });
      const later = at(3600);
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_rq', 'evt_rq', { webhookId: 'whk_rq', nextAttemptAt: later })],
      });
      const where = { affiliateId: 'aff_1', webhookId: 'whk_rq', id: 'dlv_rq' };
      expect(await storage.deliveries.requeue({ ...where, now: at(20) })).toMatchObject({
        status: 'pending',
        nextAttemptAt: at(20),
        attempts: 0,
      });
      const claimed = await storage.deliveries.claimDue({
        now: at(21),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_rq',
      });
      expect(claimed.map((c) => c.delivery.id)).toContain('dlv_rq');
      await storage.deliveries.release({
        items: claimed
          .filter((c) => c.delivery.id !== 'dlv_rq')
          .map((c) => ({ affiliateId: c.delivery.affiliateId, id: c.delivery.id, leaseToken: 'lease_rq' })),
      });
      // Held: nothing written, and the holder still completes under its lease.
      expect(await storage.deliveries.requeue({ ...where, now: at(30) })).toBeUndefined();
      expect(await claimableIds(at(30), 'lease_rq2')).not.toContain('dlv_rq');
      expect(
        await storage.deliveries.complete({
          ...where,
          leaseToken: 'lease_rq',
          outcome: {
            attempt: attempt('dlv_rq', 1, { webhookId: 'whk_rq' }),
            status: 'pending',
            nextAttemptAt: later,
          },
          updatedAt: at(31),
        }),
      ).toBe(true);
      expect(await storage.deliveries.requeue({ ...where, now: at(40) })).toMatchObject({
        status: 'pending',
        nextAttemptAt: at(40),
        attempts: 1,
      });
      await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_rq', now: at(41) });
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

    it('cancelPending ends the lease of a delivery being sent: its outcome writes nothing, and no claim takes it again', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c4l') });
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_c4l', 'evt_c4l', { webhookId: 'whk_c4l', nextAttemptAt: at(1) })],
      });
      const claimed = await storage.deliveries.claimDue({
        now: at(2),
        limit: 100,
        leaseMs: 60_000,
        leaseToken: 'lease_c4l',
      });
      expect(claimed.map((c) => c.delivery.id)).toContain('dlv_c4l');
      expect(
        await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_c4l', now: at(3) }),
      ).toBe(1);
      const late = await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_c4l',
        leaseToken: 'lease_c4l',
        outcome: {
          attempt: attempt('dlv_c4l', 1, { webhookId: 'whk_c4l', succeeded: true, statusCode: 200 }),
          status: 'succeeded',
        },
        updatedAt: at(4),
      });
      expect(late).toBe(false);
      expect(
        await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c4l', id: 'dlv_c4l' }),
      ).toMatchObject({ status: 'cancelled', attempts: 0 });
      const log = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_c4l',
        offset: 0,
        limit: 10,
      });
      expect(log.total).toBe(0);
      // Long after the lease would have ended, the claim still passes it over.
      expect(await claimableIds(at(120_000), 'lease_c4l_later')).not.toContain('dlv_c4l');
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
      // The item whose lease was not its caller's logged no attempt.
      const logged = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_c6',
        offset: 0,
        limit: 10,
      });
      expect(logged.total).toBe(2);
      expect(logged.items.map((a) => a.deliveryId).sort()).toEqual(
        [claimed[0]!.delivery.id, claimed[1]!.delivery.id].sort(),
      );
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

    it('defer with `backlogUntil` keeps the first due delivery for `until` and moves the rest past it, once', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c40') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_c40b', 'evt_c40', { webhookId: 'whk_c40', nextAttemptAt: at(60_001) }),
          delivery('dlv_c40a', 'evt_c40', { webhookId: 'whk_c40', nextAttemptAt: at(60_000) }),
          delivery('dlv_c40c', 'evt_c40', { webhookId: 'whk_c40', nextAttemptAt: at(60_002) }),
        ],
      });
      const first = await storage.deliveries.defer({
        affiliateId: 'aff_1',
        webhookId: 'whk_c40',
        until: at(90_000),
        now: at(61_000),
        backlogUntil: at(1_000_000),
      });
      expect(first).toBe(3);
      const due = async (id: string) =>
        (await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c40', id }))!.nextAttemptAt;
      expect(await due('dlv_c40a')).toEqual(at(90_000));
      expect(await due('dlv_c40b')).toEqual(at(1_000_000));
      expect(await due('dlv_c40c')).toEqual(at(1_000_000));
      // One more arrives while the breaker is open; the next change moves the kept one and it, not the backlog.
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_c40d', 'evt_c40', { webhookId: 'whk_c40', nextAttemptAt: at(95_000) })],
      });
      const next = await storage.deliveries.defer({
        affiliateId: 'aff_1',
        webhookId: 'whk_c40',
        until: at(150_000),
        now: at(96_000),
        backlogUntil: at(1_060_000),
      });
      expect(next).toBe(2);
      expect(await due('dlv_c40a')).toEqual(at(150_000));
      expect(await due('dlv_c40d')).toEqual(at(1_060_000));
      expect(await due('dlv_c40b')).toEqual(at(1_000_000));
      // A failed probe reopens it sooner than the kept one waits: nothing is due before then.
      const sooner = await storage.deliveries.defer({
        affiliateId: 'aff_1',
        webhookId: 'whk_c40',
        until: at(120_000),
        now: at(97_000),
        backlogUntil: at(1_020_000),
      });
      expect(sooner).toBe(0);
      expect(await due('dlv_c40a')).toEqual(at(150_000));
      expect(await due('dlv_c40d')).toEqual(at(1_060_000));
      // With `heldFrom`, only what was moved past it comes back; then the rest.
      const parked = await storage.deliveries.resume({
        affiliateId: 'aff_1',
        webhookId: 'whk_c40',
        heldFrom: at(1_000_001),
        heldUntil: at(1_060_000),
        now: at(97_000),
      });
      expect(parked).toBe(1);
      expect(await due('dlv_c40d')).toEqual(at(97_000));
      expect(await due('dlv_c40b')).toEqual(at(1_000_000));
      const back = await storage.deliveries.resume({
        affiliateId: 'aff_1',
        webhookId: 'whk_c40',
        heldUntil: at(1_060_000),
        now: at(97_000),
      });
      expect(back).toBe(3);
      expect(await due('dlv_c40c')).toEqual(at(97_000));
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

    it('completeMany after a lease was lost: that outcome writes nothing, the rest of the batch is written, each attempt number is logged once', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_c12') });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_c12a', 'evt_c12', { webhookId: 'whk_c12', nextAttemptAt: at(110_000) }),
          delivery('dlv_c12b', 'evt_c12', { webhookId: 'whk_c12', nextAttemptAt: at(110_010) }),
        ],
      });
      const claim = async (now: Date, leaseMs: number, leaseToken: string) =>
        (await storage.deliveries.claimDue({ now, limit: 100, leaseMs, leaseToken }))
          .filter((c) => c.delivery.webhookId === 'whk_c12')
          .map((c) => c.delivery.id);
      // The first worker holds a for 1 s; its attempt hangs past the lease, and a second worker
      // claims a; the first worker meanwhile claims b under a lease it still holds.
      expect(await claim(at(110_000), 1_000, 'first')).toEqual(['dlv_c12a']);
      expect(await claim(at(110_005), 60_000, 'second')).toEqual(['dlv_c12a']);
      expect(await claim(at(110_010), 60_000, 'first_again')).toEqual(['dlv_c12b']);
      const outcome = (id: string, n: number, statusCode: number): AttemptOutcome => ({
        attempt: attempt(id, n, {
          id: `att_${id}_${n}_${statusCode}`,
          webhookId: 'whk_c12',
          statusCode,
          succeeded: statusCode === 200,
          attemptedAt: at(110_000),
        }),
        ...(statusCode === 200 ? { status: 'succeeded' } : { status: 'pending', nextAttemptAt: at(110_300) }),
      });
      // The first worker's group: a's answer came after its lease was lost, b's in time.
      expect(
        await storage.deliveries.completeMany({
          items: [
            {
              affiliateId: 'aff_1',
              id: 'dlv_c12a',
              leaseToken: 'first',
              outcome: outcome('dlv_c12a', 1, 200),
              updatedAt: at(110_020),
            },
            {
              affiliateId: 'aff_1',
              id: 'dlv_c12b',
              leaseToken: 'first_again',
              outcome: outcome('dlv_c12b', 1, 200),
              updatedAt: at(110_020),
            },
          ],
        }),
      ).toEqual([false, true]);
      const read = (id: string) => storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_c12', id });
      expect(await read('dlv_c12a')).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await read('dlv_c12b')).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
      // The second worker sends a under the same number, and its outcome is the one recorded.
      expect(
        await storage.deliveries.completeMany({
          items: [
            {
              affiliateId: 'aff_1',
              id: 'dlv_c12a',
              leaseToken: 'second',
              outcome: outcome('dlv_c12a', 1, 500),
              updatedAt: at(110_030),
            },
          ],
        }),
      ).toEqual([true]);
      expect(await read('dlv_c12a')).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
      const { items } = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_c12',
        offset: 0,
        limit: 10,
      });
      expect(items.map((a) => [a.deliveryId, a.attempt, a.statusCode]).sort()).toEqual([
        ['dlv_c12a', 1, 500],
        ['dlv_c12b', 1, 200],
      ]);
      await storage.deliveries.cancelPending({
        affiliateId: 'aff_1',
        webhookId: 'whk_c12',
        now: at(110_040),
      });
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

    // The tests below use dates years before the ones above, so retention and the backlog (which
    // span every affiliate) see only their own rows, and claims above never reach them.
    const r0 = new Date('2020-01-01T00:00:00.000Z');
    const r = (seconds: number) => new Date(r0.getTime() + seconds * 1000);

    it('recover: failed deliveries of the webhook last attempted in [since, until) are due now with attempts 0, oldest first, `limit` at a time', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_rec', { occurredAt: r0 }) });
      const failed = (id: string, seconds: number, overrides: Partial<Delivery> = {}) =>
        delivery(id, 'evt_rec', {
          webhookId: 'whk_rec',
          status: 'failed',
          attempts: 8,
          nextAttemptAt: undefined,
          createdAt: r(seconds),
          updatedAt: r(seconds),
          ...overrides,
        });
      await storage.deliveries.enqueue({
        deliveries: [
          failed('dlv_rec1', 10),
          failed('dlv_rec2', 20),
          failed('dlv_rec3', 30),
          failed('dlv_rec_early', -10),
          failed('dlv_rec_until', 100),
          failed('dlv_rec_ok', 15, { status: 'succeeded' }),
          failed('dlv_rec_other', 12, { webhookId: 'whk_rec_other' }),
          failed('dlv_rec_aff2', 12, { affiliateId: 'aff_2' }),
          // Created before the window, last attempted inside it: the last attempt counts.
          delivery('dlv_rec_last', 'evt_rec', {
            webhookId: 'whk_rec',
            createdAt: r(-50),
            nextAttemptAt: r(40),
          }),
        ],
      });
      const [held] = (
        await storage.deliveries.claimDue({ now: r(40), limit: 100, leaseMs: 60_000, leaseToken: 'rec' })
      ).filter((c) => c.delivery.id === 'dlv_rec_last');
      expect(held).toBeDefined();
      await storage.deliveries.complete({
        affiliateId: 'aff_1',
        id: 'dlv_rec_last',
        leaseToken: 'rec',
        outcome: {
          attempt: attempt('dlv_rec_last', 1, { webhookId: 'whk_rec', attemptedAt: r(50) }),
          status: 'failed',
        },
        updatedAt: r(50),
      });
      const window = { affiliateId: 'aff_1', webhookId: 'whk_rec', since: r(0), until: r(100), now: r(200) };
      expect(await storage.deliveries.recover({ ...window, limit: 2 })).toEqual({
        recovered: 2,
        hasMore: true,
      });
      const read = async (id: string, affiliateId = 'aff_1', webhookId = 'whk_rec') =>
        (await storage.deliveries.get({ affiliateId, webhookId, id }))!;
      expect(await read('dlv_rec1')).toMatchObject({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: r(200),
        updatedAt: r(200),
      });
      expect((await read('dlv_rec2')).status).toBe('pending');
      expect((await read('dlv_rec3')).status).toBe('failed');
      expect(await storage.deliveries.recover({ ...window, limit: 10 })).toEqual({
        recovered: 2,
        hasMore: false,
      });
      expect(await read('dlv_rec_last')).toMatchObject({
        status: 'pending',
        attempts: 0,
        lastAttemptAt: r(50),
      });
      // Idempotent: what was recovered is pending now.
      expect(await storage.deliveries.recover({ ...window, limit: 10 })).toEqual({
        recovered: 0,
        hasMore: false,
      });
      expect((await read('dlv_rec_early')).status).toBe('failed');
      expect((await read('dlv_rec_until')).status).toBe('failed');
      expect((await read('dlv_rec_ok')).status).toBe('succeeded');
      expect((await read('dlv_rec_other', 'aff_1', 'whk_rec_other')).status).toBe('failed');
      expect((await read('dlv_rec_aff2', 'aff_2')).status).toBe('failed');
      // The recovered deliveries are claimable at `now`.
      const claimed = (
        await storage.deliveries.claimDue({ now: r(200), limit: 100, leaseMs: 60_000, leaseToken: 'after' })
      ).filter((c) => c.delivery.webhookId === 'whk_rec');
      expect(claimed.map((c) => c.delivery.id).sort()).toEqual([
        'dlv_rec1',
        'dlv_rec2',
        'dlv_rec3',
        'dlv_rec_last',
      ]);
      await storage.deliveries.release({
        items: claimed.map((c) => ({ affiliateId: 'aff_1', id: c.delivery.id, leaseToken: 'after' })),
      });
      await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_rec', now: r(300) });
    });

    it('recover: two at once re-queue each delivery once', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_rec_race', { occurredAt: r0 }) });
      const ids = Array.from({ length: 30 }, (_, i) => `dlv_rec_race_${String(i).padStart(2, '0')}`);
      await storage.deliveries.enqueue({
        deliveries: ids.map((id, i) =>
          delivery(id, 'evt_rec_race', {
            webhookId: 'whk_rec_race',
            status: 'failed',
            attempts: 8,
            nextAttemptAt: undefined,
            createdAt: r(1000 + i),
            updatedAt: r(1000 + i),
          }),
        ),
      });
      const input = {
        affiliateId: 'aff_1',
        webhookId: 'whk_rec_race',
        since: r(0),
        until: r(5000),
        now: r(5000),
        limit: 100,
      };
      const results = await Promise.all([
        storage.deliveries.recover(input),
        storage.deliveries.recover(input),
      ]);
      expect(results[0]!.recovered + results[1]!.recovered).toBe(30);
      const read = await Promise.all(
        ids.map((id) => storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_rec_race', id })),
      );
      expect(new Set(read.map((d) => `${d?.status}/${d?.attempts}`))).toEqual(new Set(['pending/0']));
      await storage.deliveries.cancelPending({
        affiliateId: 'aff_1',
        webhookId: 'whk_rec_race',
        now: r(6000),
      });
    });

    it('prune: removes old finished deliveries with their attempts and unreferenced old events, in batches; pending rows stay', async () => {
      const p0 = new Date('2019-01-01T00:00:00.000Z');
      const p = (days: number) => new Date(p0.getTime() + days * 86_400_000);
      for (const [id, occurredAt] of [
        ['evt_p_old', p(0)],
        ['evt_p_lonely', p(0)],
        ['evt_p_new', p(100)],
        ['evt_p_pending', p(0)],
        ['evt_p_failed', p(0)],
        ['evt_p_recent', p(0)],
      ] as const)
        await storage.deliveries.insertEvent({ event: event(id, { occurredAt }) });
      const row = (
        id: string,
        eventId: string,
        status: Delivery['status'],
        days: number,
        overrides: Partial<Delivery> = {},
      ) =>
        delivery(id, eventId, {
          webhookId: 'whk_prune',
          status,
          nextAttemptAt: status === 'pending' ? new Date('2099-01-01T00:00:00Z') : undefined,
          createdAt: p(days),
          updatedAt: p(days),
          ...overrides,
        });
      // The attempted ones are queued due on day 0, then claimed and completed as a worker does.
      const attempted = (id: string, eventId: string) =>
        row(id, eventId, 'pending', 0, { nextAttemptAt: p(0) });
      await storage.deliveries.enqueue({
        deliveries: [
          attempted('dlv_p_s1', 'evt_p_old'),
          row('dlv_p_s2', 'evt_p_old', 'cancelled', 0),
          attempted('dlv_p_f1', 'evt_p_old'),
          attempted('dlv_p_f2', 'evt_p_failed'),
          row('dlv_p_s3', 'evt_p_recent', 'succeeded', 95),
          row('dlv_p_pend', 'evt_p_pending', 'pending', 0),
        ],
      });
      const log = (deliveryId: string, n: number, status: Delivery['status'], days: number) =>
        completeWithLease({
          id: deliveryId,
          now: p(0),
          outcome: {
            attempt: attempt(deliveryId, n, { webhookId: 'whk_prune', attemptedAt: p(0) }),
            status,
            ...(status === 'pending' ? { nextAttemptAt: p(0) } : {}),
          },
          updatedAt: p(days),
        });
      await log('dlv_p_s1', 1, 'pending', 0);
      await log('dlv_p_s1', 2, 'succeeded', 0);
      await log('dlv_p_f1', 1, 'failed', 0);
      await log('dlv_p_f2', 1, 'failed', 50);
      // Now is day 120: succeeded and cancelled before day 90 go, failed before day 30.
      const cutoffs = { succeededBefore: p(90), failedBefore: p(30) };
      const first = await storage.deliveries.prune({ ...cutoffs, limit: 2 });
      expect(first.deliveries).toBe(2);
      const total = { ...first };
      for (let i = 0; i < 5; i += 1) {
        const next = await storage.deliveries.prune({ ...cutoffs, limit: 2 });
        total.deliveries += next.deliveries;
        total.attempts += next.attempts;
        total.events += next.events;
      }
      expect(total).toEqual({ deliveries: 3, attempts: 3, events: 2 });
      const exists = async (id: string) =>
        (await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_prune', id })) !== undefined;
      expect(await Promise.all(['dlv_p_s1', 'dlv_p_s2', 'dlv_p_f1'].map(exists))).toEqual([
        false,
        false,
        false,
      ]);
      expect(await Promise.all(['dlv_p_f2', 'dlv_p_s3', 'dlv_p_pend'].map(exists))).toEqual([
        true,
        true,
        true,
      ]);
      const event_ = (eventId: string) => storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId });
      expect(await event_('evt_p_old')).toBeUndefined();
      expect(await event_('evt_p_lonely')).toBeUndefined();
      for (const kept of ['evt_p_new', 'evt_p_pending', 'evt_p_failed', 'evt_p_recent'])
        expect(await event_(kept)).toBeDefined();
      const left = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_prune',
        offset: 0,
        limit: 10,
      });
      expect(left.items.map((a) => a.deliveryId)).toEqual(['dlv_p_f2']);
      // Rows of the tests above are years newer: nothing of theirs went.
      expect(await storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_c3' })).toBeDefined();
      await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_prune', now: p(120) });
    });

    it('backlog: pending and due deliveries of every affiliate, and when the longest-waiting one fell due', async () => {
      const b0 = new Date('2018-06-01T00:00:00.000Z');
      const b = (seconds: number) => new Date(b0.getTime() + seconds * 1000);
      const before = await storage.deliveries.backlog({ now: b0 });
      expect(before.due).toBe(0);
      expect(before.oldestDueAt).toBeUndefined();
      await storage.deliveries.insertEvent({ event: event('evt_backlog', { occurredAt: b(-600) }) });
      await storage.deliveries.enqueue({
        deliveries: [
          delivery('dlv_bl1', 'evt_backlog', {
            webhookId: 'whk_bl',
            nextAttemptAt: b(-600),
            createdAt: b(-600),
          }),
          delivery('dlv_bl2', 'evt_backlog', {
            webhookId: 'whk_bl',
            affiliateId: 'aff_2',
            nextAttemptAt: b(-60),
            createdAt: b(-600),
          }),
          delivery('dlv_bl3', 'evt_backlog', {
            webhookId: 'whk_bl',
            nextAttemptAt: b(3600),
            createdAt: b(-600),
          }),
          delivery('dlv_bl4', 'evt_backlog', {
            webhookId: 'whk_bl',
            status: 'failed',
            nextAttemptAt: undefined,
            createdAt: b(-600),
          }),
        ],
      });
      const after = await storage.deliveries.backlog({ now: b0 });
      expect(after.pending - before.pending).toBe(3);
      expect(after).toMatchObject({ due: 2, oldestDueAt: b(-600) });
      await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_bl', now: b0 });
      await storage.deliveries.cancelPending({ affiliateId: 'aff_2', webhookId: 'whk_bl', now: b0 });
      expect(await storage.deliveries.backlog({ now: b0 })).toEqual(before);
    });

    it('attempt answers are kept to their first 4 KiB, ending on a whole character', async () => {
      await storage.deliveries.insertEvent({ event: event('evt_cap', { occurredAt: r0 }) });
      await storage.deliveries.enqueue({
        deliveries: [delivery('dlv_cap', 'evt_cap', { webhookId: 'whk_cap', nextAttemptAt: r0 })],
      });
      const log = (n: number, responseBody: string) =>
        completeWithLease({
          id: 'dlv_cap',
          now: r0,
          outcome: {
            attempt: attempt('dlv_cap', n, { webhookId: 'whk_cap', responseBody }),
            status: 'pending',
            nextAttemptAt: r0,
          },
          updatedAt: r0,
        });
      await log(1, 'x'.repeat(10_000));
      await log(2, '€'.repeat(2_000));
      await log(3, 'short');
      await storage.deliveries.cancelPending({ affiliateId: 'aff_1', webhookId: 'whk_cap', now: r0 });
      const { items } = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_cap',
        offset: 0,
        limit: 10,
      });
      const body = (n: number) => items.find((a) => a.attempt === n)!.responseBody;
      expect(body(1)).toBe('x'.repeat(4096));
      // 1,365 whole characters of 3 bytes; the 1,366th would cross the limit.
      expect(body(2)).toBe('€'.repeat(1365));
      expect(body(3)).toBe('short');
    });

    it('check: storage answers, with every shipped migration applied', async () => {
      expect(await storage.check()).toEqual({ missingMigrations: [], unknownMigrations: [] });
    });

    // Last, and far in the future: the deliveries it queues stay pending and are never due for
    // the claims above.
    it('publish: a new event queues one delivery per enabled webhook of its affiliate subscribed to its type, once', async () => {
      const p0 = new Date('2100-01-01T00:00:00.000Z');
      const hook = (id: string, overrides: Partial<Webhook> = {}): Webhook =>
        webhook(id, { affiliateId: 'aff_pub', createdAt: p0, ...overrides });
      for (const webhook of [
        hook('whk_pub_a'),
        hook('whk_pub_b', { interests: ['journey_started', 'order_created'] }),
        hook('whk_pub_other_type', { interests: ['journey_started'] }),
        hook('whk_pub_disabled', { status: 'disabled' }),
        hook('whk_pub_other_tenant', { affiliateId: 'aff_pub_2' }),
      ])
        await storage.webhooks.insert({ webhook });
      const published = event('evt_pub', { affiliateId: 'aff_pub', occurredAt: p0 });
      expect(
        await storage.deliveries.publish({
          events: [{ event: published, deliver: true, idPrefix: 'dlv_pub' }],
        }),
      ).toEqual([{ inserted: true, queued: 2 }]);
      expect(await storage.deliveries.getEvent({ affiliateId: 'aff_pub', eventId: 'evt_pub' })).toEqual(
        published,
      );
      // Numbered in the order the webhooks were created.
      for (const [id, webhookId] of [
        ['dlv_pub_1', 'whk_pub_a'],
        ['dlv_pub_2', 'whk_pub_b'],
      ] as const) {
        expect(await storage.deliveries.get({ affiliateId: 'aff_pub', webhookId, id })).toEqual({
          id,
          affiliateId: 'aff_pub',
          webhookId,
          eventId: 'evt_pub',
          eventType: 'order_created',
          status: 'pending',
          attempts: 0,
          nextAttemptAt: p0,
          createdAt: p0,
          updatedAt: p0,
        });
      }
      for (const webhookId of ['whk_pub_other_type', 'whk_pub_disabled', 'whk_pub_other_tenant'])
        expect(
          await storage.deliveries.get({ affiliateId: 'aff_pub', webhookId, id: 'dlv_pub_3' }),
        ).toBeUndefined();
      // The same event again: nothing new, nothing queued twice.
      expect(
        await storage.deliveries.publish({
          events: [{ event: published, deliver: true, idPrefix: 'dlv_pub_again' }],
        }),
      ).toEqual([{ inserted: false, queued: 0 }]);
      expect(
        await storage.deliveries.get({
          affiliateId: 'aff_pub',
          webhookId: 'whk_pub_a',
          id: 'dlv_pub_again_1',
        }),
      ).toBeUndefined();
      // An event not to deliver (internal) is stored and queues nothing.
      const internal = event('evt_pub_internal', { affiliateId: 'aff_pub', occurredAt: p0 });
      expect(
        await storage.deliveries.publish({
          events: [{ event: internal, deliver: false, idPrefix: 'dlv_pub_internal' }],
        }),
      ).toEqual([{ inserted: true, queued: 0 }]);
      expect(
        await storage.deliveries.get({
          affiliateId: 'aff_pub',
          webhookId: 'whk_pub_a',
          id: 'dlv_pub_internal_1',
        }),
      ).toBeUndefined();

      // Several events in one call: each answered in the order given, each numbered on its own.
      const first = event('evt_pub_many_1', { affiliateId: 'aff_pub', occurredAt: p0 });
      const started = event('evt_pub_many_2', {
        affiliateId: 'aff_pub',
        eventType: 'journey_started',
        occurredAt: p0,
      });
      const quiet = event('evt_pub_many_3', { affiliateId: 'aff_pub', occurredAt: p0 });
      expect(
        await storage.deliveries.publish({
          events: [
            { event: first, deliver: true, idPrefix: 'dlv_many_a' },
            { event: published, deliver: true, idPrefix: 'dlv_many_b' },
            { event: started, deliver: true, idPrefix: 'dlv_many_c' },
            { event: quiet, deliver: false, idPrefix: 'dlv_many_d' },
          ],
        }),
      ).toEqual([
        { inserted: true, queued: 2 },
        { inserted: false, queued: 0 },
        { inserted: true, queued: 2 },
        { inserted: true, queued: 0 },
      ]);
      for (const [id, webhookId, eventId] of [
        ['dlv_many_a_1', 'whk_pub_a', 'evt_pub_many_1'],
        ['dlv_many_a_2', 'whk_pub_b', 'evt_pub_many_1'],
        ['dlv_many_c_1', 'whk_pub_b', 'evt_pub_many_2'],
        ['dlv_many_c_2', 'whk_pub_other_type', 'evt_pub_many_2'],
      ] as const)
        expect(await storage.deliveries.get({ affiliateId: 'aff_pub', webhookId, id })).toMatchObject({
          eventId,
          status: 'pending',
        });
      expect(
        await storage.deliveries.getEvent({ affiliateId: 'aff_pub', eventId: 'evt_pub_many_2' }),
      ).toEqual(started);
      expect(await storage.deliveries.publish({ events: [] })).toEqual([]);
    });

    // Later still (2100-02 and 2200): their deliveries are due for no claim above.
    it('publish with payloads: a webhook whose filter the payload does not match gets no delivery, and the event names it', async () => {
      const f0 = new Date('2100-02-01T00:00:00.000Z');
      const created = (ms: number) => new Date(f0.getTime() + ms);
      for (const each of [
        webhook('whk_flt_all', { affiliateId: 'aff_flt', createdAt: created(1) }),
        webhook('whk_flt_usd', { affiliateId: 'aff_flt', createdAt: created(2), filter: usdOnly }),
        webhook('whk_flt_big', { affiliateId: 'aff_flt', createdAt: created(3), filter: bigOnly }),
        // Neither would match the euro events below; they are not subscribed, so not filtered out either.
        webhook('whk_flt_disabled', {
          affiliateId: 'aff_flt',
          createdAt: created(4),
          filter: usdOnly,
          status: 'disabled',
        }),
        webhook('whk_flt_other_type', {
          affiliateId: 'aff_flt',
          createdAt: created(5),
          filter: usdOnly,
          interests: ['journey_started'],
        }),
        webhook('whk_flt_euro', {
          affiliateId: 'aff_flt',
          createdAt: created(6),
          filter: euroOnly,
          interests: ['journey_started'],
        }),
      ])
        await storage.webhooks.insert({ webhook: each });
      const published = (id: string, payload: Record<string, unknown>, eventType = 'order_created') => ({
        event: event(id, { affiliateId: 'aff_flt', eventType, occurredAt: f0 }),
        deliver: true,
        idPrefix: `dlv_${id}`,
        payload: { event_type: eventType, ...payload },
      });
      const sentTo = async (eventId: string) =>
        (await storage.deliveries.listEventDeliveries({ affiliateId: 'aff_flt', eventId })).map(
          (d) => d.webhookId,
        );
      const filteredOut = async (eventId: string) =>
        (await storage.deliveries.getEvent({ affiliateId: 'aff_flt', eventId }))?.filteredOut;

      // One event at a time.
      expect(
        await storage.deliveries.publish({
          events: [published('evt_flt_small_usd', { currency: 'USD', total_value_cents: 500 })],
        }),
      ).toEqual([{ inserted: true, queued: 2 }]);
      expect(await sentTo('evt_flt_small_usd')).toEqual(['whk_flt_all', 'whk_flt_usd']);
      expect(await filteredOut('evt_flt_small_usd')).toEqual(['whk_flt_big']);
      const everyone = published('evt_flt_big_usd', { currency: 'USD', total_value_cents: 20_000 });
      expect(await storage.deliveries.publish({ events: [everyone] })).toEqual([
        { inserted: true, queued: 3 },
      ]);
      expect(await sentTo('evt_flt_big_usd')).toEqual(['whk_flt_all', 'whk_flt_usd', 'whk_flt_big']);
      // Every subscribed webhook matched: the event is stored as it was emitted.
      expect(
        await storage.deliveries.getEvent({ affiliateId: 'aff_flt', eventId: 'evt_flt_big_usd' }),
      ).toEqual(everyone.event);
      // Numbered among the webhooks that get one, in the order they were created.
      expect(
        await storage.deliveries.get({
          affiliateId: 'aff_flt',
          webhookId: 'whk_flt_big',
          id: 'dlv_evt_flt_big_usd_3',
        }),
      ).toMatchObject({ eventId: 'evt_flt_big_usd', status: 'pending' });

      // Several at once: each event matched against its own payload.
      expect(
        await storage.deliveries.publish({
          events: [
            published('evt_flt_big_eur', { currency: 'EUR', total_value_cents: 50_000 }),
            published('evt_flt_small_eur', { currency: 'EUR', total_value_cents: 1 }),
            published('evt_flt_journey', { currency: 'EUR' }, 'journey_started'),
            published('evt_flt_journey_usd', { currency: 'USD' }, 'journey_started'),
          ],
        }),
      ).toEqual([
        { inserted: true, queued: 2 },
        { inserted: true, queued: 1 },
        { inserted: true, queued: 1 },
        { inserted: true, queued: 1 },
      ]);
      expect(await sentTo('evt_flt_big_eur')).toEqual(['whk_flt_all', 'whk_flt_big']);
      expect(await filteredOut('evt_flt_big_eur')).toEqual(['whk_flt_usd']);
      expect(await sentTo('evt_flt_small_eur')).toEqual(['whk_flt_all']);
      // In the order the webhooks were created.
      expect(await filteredOut('evt_flt_small_eur')).toEqual(['whk_flt_usd', 'whk_flt_big']);
      expect(await sentTo('evt_flt_journey')).toEqual(['whk_flt_euro']);
      expect(await filteredOut('evt_flt_journey')).toEqual(['whk_flt_other_type']);
      expect(await sentTo('evt_flt_journey_usd')).toEqual(['whk_flt_other_type']);
      expect(await filteredOut('evt_flt_journey_usd')).toEqual(['whk_flt_euro']);
      expect(
        await storage.deliveries.get({
          affiliateId: 'aff_flt',
          webhookId: 'whk_flt_big',
          id: 'dlv_evt_flt_big_eur_2',
        }),
      ).toMatchObject({ eventId: 'evt_flt_big_eur', status: 'pending' });
    });

    it('publish with an entity: deliveries of a webhook with entity ordering carry it, others do not', async () => {
      const o0 = new Date('2100-03-01T00:00:00.000Z');
      await storage.webhooks.insert({
        webhook: webhook('whk_key_ordered', { affiliateId: 'aff_key', createdAt: o0, ordering: 'entity' }),
      });
      await storage.webhooks.insert({
        webhook: webhook('whk_key_plain', { affiliateId: 'aff_key', createdAt: new Date(o0.getTime() + 1) }),
      });
      const published = (id: string, entityKey?: string) => ({
        event: event(id, { affiliateId: 'aff_key', occurredAt: o0 }),
        deliver: true,
        idPrefix: `dlv_${id}`,
        payload: { event_type: 'order_created', order_id: 'ord_key' },
        ...(entityKey === undefined ? {} : { entityKey }),
      });
      const keys = async (eventId: string) =>
        (await storage.deliveries.listEventDeliveries({ affiliateId: 'aff_key', eventId })).map((d) => [
          d.webhookId,
          d.orderingKey,
        ]);
      await storage.deliveries.publish({ events: [published('evt_key_one', 'order_id:ord_key')] });
      await storage.deliveries.publish({
        events: [published('evt_key_many_1', 'order_id:ord_key'), published('evt_key_many_2')],
      });
      for (const eventId of ['evt_key_one', 'evt_key_many_1'])
        expect(await keys(eventId)).toEqual([
          ['whk_key_ordered', 'order_id:ord_key'],
          ['whk_key_plain', undefined],
        ]);
      // An event about no entity is held back by none.
      expect(await keys('evt_key_many_2')).toEqual([
        ['whk_key_ordered', undefined],
        ['whk_key_plain', undefined],
      ]);
      const unordered = await storage.deliveries.get({
        affiliateId: 'aff_key',
        webhookId: 'whk_key_plain',
        id: 'dlv_evt_key_one_2',
      });
      expect(Object.keys(unordered!)).not.toContain('orderingKey');
    });

    // In 2300: due for no claim of this suite.
    it('publish to a webhook whose breaker holds deliveries back: due when the breaker next lets one through', async () => {
      const b0 = new Date('2300-01-01T00:00:00.000Z');
      const retryAt = new Date('2300-01-01T00:05:00.000Z');
      const passed = new Date('2299-12-31T23:00:00.000Z');
      const breakers: Record<string, WebhookBreaker> = {
        whk_brk_open: {
          state: 'open',
          failures: 5,
          openedAt: b0,
          retryAt,
          coolingMs: 300_000,
          changedAt: b0,
        },
        whk_brk_probe: { state: 'half_open', failures: 5, retryAt, coolingMs: 300_000, changedAt: b0 },
        whk_brk_passed: { state: 'open', failures: 5, retryAt: passed, coolingMs: 60_000, changedAt: passed },
        whk_brk_counting: { state: 'closed', failures: 3, changedAt: b0 },
      };
      for (const [index, id] of [...Object.keys(breakers), 'whk_brk_none'].entries()) {
        await storage.webhooks.insert({
          webhook: webhook(id, { affiliateId: 'aff_brk', createdAt: new Date(b0.getTime() - 1000 + index) }),
        });
        const breaker = breakers[id];
        if (breaker)
          expect(
            await storage.webhooks.setBreaker({ affiliateId: 'aff_brk', id, breaker, expected: undefined }),
          ).toBe(true);
      }
      const due = {
        whk_brk_open: retryAt,
        whk_brk_probe: retryAt,
        whk_brk_passed: b0,
        whk_brk_counting: b0,
        whk_brk_none: b0,
      };
      const ids = Object.keys(due) as (keyof typeof due)[];
      // One event alone, and two in one call: the two statements a publish may take.
      expect(
        await storage.deliveries.publish({
          events: [
            {
              event: event('evt_brk_one', { affiliateId: 'aff_brk', occurredAt: b0 }),
              deliver: true,
              idPrefix: 'dlv_brk_one',
            },
          ],
        }),
      ).toEqual([{ inserted: true, queued: 5 }]);
      expect(
        await storage.deliveries.publish({
          events: ['a', 'b'].map((name) => ({
            event: event(`evt_brk_${name}`, { affiliateId: 'aff_brk', occurredAt: b0 }),
            deliver: true,
            idPrefix: `dlv_brk_${name}`,
          })),
        }),
      ).toEqual([
        { inserted: true, queued: 5 },
        { inserted: true, queued: 5 },
      ]);
      for (const prefix of ['dlv_brk_one', 'dlv_brk_a', 'dlv_brk_b'])
        for (const [index, webhookId] of ids.entries())
          expect(
            await storage.deliveries.get({ affiliateId: 'aff_brk', webhookId, id: `${prefix}_${index + 1}` }),
          ).toMatchObject({ webhookId, status: 'pending', nextAttemptAt: due[webhookId], createdAt: b0 });
    });

    it('claimDue with entity ordering: one delivery per webhook and entity at a time, the next once the one before is final', async () => {
      const s0 = new Date('2200-01-01T00:00:00.000Z');
      const second = (n: number) => new Date(s0.getTime() + n * 1000);
      const hooks = {
        ordered: webhook('whk_seq_ordered', { affiliateId: 'aff_seq', createdAt: s0, ordering: 'entity' }),
        plain: webhook('whk_seq_plain', { affiliateId: 'aff_seq', createdAt: second(0.001) }),
        other: webhook('whk_seq_other', {
          affiliateId: 'aff_seq',
          createdAt: second(0.002),
          ordering: 'entity',
        }),
      };
      for (const each of Object.values(hooks)) await storage.webhooks.insert({ webhook: each });
      const published = (name: string, entity: string, at: number) => ({
        event: event(`evt_seq_${name}`, { affiliateId: 'aff_seq', occurredAt: second(at) }),
        deliver: true,
        idPrefix: `dlv_seq_${name}`,
        payload: { event_type: 'order_created', order_id: entity },
        entityKey: `order_id:${entity}`,
      });
      // Entity A's three events and entity B's two, interleaved, by both publishing paths.
      await storage.deliveries.publish({ events: [published('a1', 'ord_a', 0)] });
      await storage.deliveries.publish({ events: [published('b1', 'ord_b', 1)] });
      await storage.deliveries.publish({
        events: [published('a2', 'ord_a', 2), published('a3', 'ord_a', 3), published('b2', 'ord_b', 4)],
      });
      // Deliveries are `dlv_seq_<event>_<n>`: 1 the ordered webhook, 2 the plain one, 3 the other ordered one.
      const mine = (claimed: ClaimedDelivery[]) =>
        claimed
          .filter((c) => c.delivery.affiliateId === 'aff_seq')
          .map((c) => c.delivery.id.replace('dlv_seq_', ''))
          .sort();
      // Leases far longer than the test, so no claim comes back by its lease running out.
      const claim = async (token: string, now: Date) =>
        await storage.deliveries.claimDue({ now, limit: 1000, leaseMs: 1e10, leaseToken: token });
      const outcome = (id: string, n: number, status: Delivery['status'], nextAttemptAt?: Date) => ({
        attempt: attempt(`dlv_seq_${id}`, n, {
          id: `att_seq_${id}_${n}`,
          affiliateId: 'aff_seq',
          webhookId: { '1': hooks.ordered.id, '2': hooks.plain.id, '3': hooks.other.id }[id.slice(-1)]!,
          eventId: `evt_seq_${id.slice(0, 2)}`,
          succeeded: status === 'succeeded',
          statusCode: status === 'succeeded' ? 200 : 500,
        }),
        status,
        ...(nextAttemptAt ? { nextAttemptAt } : {}),
      });
      const complete = (id: string, token: string, result: AttemptOutcome, now: Date) =>
        storage.deliveries.complete({
          affiliateId: 'aff_seq',
          id: `dlv_seq_${id}`,
          leaseToken: token,
          outcome: result,
          updatedAt: now,
        });

      // The first of each entity per ordered webhook; every delivery of the plain webhook.
      const first = await claim('seq_1', second(10));
      expect(mine(first)).toEqual(
        ['a1_1', 'a1_2', 'a1_3', 'a2_2', 'a3_2', 'b1_1', 'b1_2', 'b1_3', 'b2_2'].sort(),
      );
      expect(first.find((c) => c.delivery.id === 'dlv_seq_a1_1')?.delivery.orderingKey).toBe(
        'order_id:ord_a',
      );
      // The heads are leased: nothing more until one of them is final.
      expect(mine(await claim('seq_2', second(11)))).toEqual([]);
      // The other ordered webhook's head of A succeeds: its next of A comes, not the first webhook's.
      expect(await complete('a1_3', 'seq_1', outcome('a1_3', 1, 'succeeded'), second(12))).toBe(true);
      expect(mine(await claim('seq_3', second(12)))).toEqual(['a2_3']);
      // Both heads of the first webhook succeed, in one batch.
      expect(
        await storage.deliveries.completeMany({
          items: ['a1_1', 'b1_1'].map((id) => ({
            affiliateId: 'aff_seq',
            id: `dlv_seq_${id}`,
            leaseToken: 'seq_1',
            outcome: outcome(id, 1, 'succeeded'),
            updatedAt: second(13),
          })),
        }),
      ).toEqual([true, true]);
      expect(mine(await claim('seq_4', second(13)))).toEqual(['a2_1', 'b2_1']);
      // A2 fails and waits for its retry: A3 still waits behind it, before and once it is due.
      expect(await complete('a2_1', 'seq_4', outcome('a2_1', 1, 'pending', second(100)), second(14))).toBe(
        true,
      );
      expect(mine(await claim('seq_5', second(14)))).toEqual([]);
      expect(mine(await claim('seq_6', second(101)))).toEqual(['a2_1']);
      // A2 fails for good: A3 is released.
      expect(await complete('a2_1', 'seq_6', outcome('a2_1', 2, 'failed'), second(102))).toBe(true);
      expect(mine(await claim('seq_7', second(102)))).toEqual(['a3_1']);
      expect(
        await storage.deliveries.get({
          affiliateId: 'aff_seq',
          webhookId: hooks.ordered.id,
          id: 'dlv_seq_a3_1',
        }),
      ).toMatchObject({ status: 'pending', orderingKey: 'order_id:ord_a' });
    });

    eventListContract(getStorage);
    deliveryLogContract(getStorage);
  });
}
