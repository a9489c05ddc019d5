import type { Storage } from '@affiliate-commerce/core';
import type { AttemptOutcome, Delivery } from '@affiliate-commerce/core/storage';
import { beforeAll, describe, expect, it } from 'vitest';

const minute = 60_000;
const hour = 60 * minute;

function delivery(id: string, fields: Pick<Delivery, 'affiliateId' | 'webhookId' | 'eventId' | 'createdAt'>) {
  return {
    id,
    eventType: 'order_created',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: fields.createdAt,
    updatedAt: fields.createdAt,
    ...fields,
  } satisfies Delivery;
}

function outcome(
  item: { affiliateId: string; webhookId: string; deliveryId: string },
  attemptedAt: Date,
  succeeded: boolean,
): AttemptOutcome {
  return {
    attempt: {
      id: `att_${item.deliveryId}_${attemptedAt.getTime()}`,
      deliveryId: item.deliveryId,
      affiliateId: item.affiliateId,
      webhookId: item.webhookId,
      eventId: 'evt_hours',
      eventType: 'order_created',
      attempt: 1,
      attemptedAt,
      payloadVersion: 'v2',
      succeeded,
      ...(succeeded ? { statusCode: 200 } : { statusCode: 500 }),
      latencyMs: 9,
    },
    status: succeeded ? 'succeeded' : 'failed',
  };
}

/**
 * The hourly attempt counts of the storage contract (run by {@link storageContract} on every
 * implementation): counted by `complete` and `completeMany` with the attempt they log, read by
 * `attemptHours`, dropped by `prune`. Its webhooks and hours are its own, far from the other suites'.
 *
 * @example
 * attemptHoursContract(() => storage);
 */
export function attemptHoursContract(getStorage: () => Storage): void {
  describe('deliveries: hourly attempt counts', () => {
    let storage: Storage;
    beforeAll(() => {
      storage = getStorage();
    });

    /** Queues deliveries due at `due` and claims them under `leaseToken`, giving back anything else due. */
    async function claim(due: Date, leaseToken: string, rows: readonly Delivery[]): Promise<void> {
      await storage.deliveries.enqueue({ deliveries: rows });
      const claimed = await storage.deliveries.claimDue({
        now: due,
        limit: rows.length + 100,
        leaseMs: 60 * minute,
        leaseToken,
      });
      const mine = new Set(rows.map((row) => row.id));
      expect(claimed.filter((c) => mine.has(c.delivery.id))).toHaveLength(rows.length);
      await storage.deliveries.release({
        items: claimed
          .filter((c) => !mine.has(c.delivery.id))
          .map((c) => ({ affiliateId: c.delivery.affiliateId, id: c.delivery.id, leaseToken })),
      });
    }

    it('complete and completeMany count each logged attempt into its UTC hour; a lost lease counts nothing', async () => {
      const h0 = new Date('2025-03-10T00:00:00.000Z');
      const at = (ms: number) => new Date(h0.getTime() + ms);
      await storage.deliveries.insertEvent({
        event: {
          eventId: 'evt_hours',
          eventType: 'order_created',
          affiliateId: 'aff_1',
          occurredAt: h0,
          data: {},
        },
      });
      await storage.deliveries.insertEvent({
        event: {
          eventId: 'evt_hours',
          eventType: 'order_created',
          affiliateId: 'aff_2',
          occurredAt: h0,
          data: {},
        },
      });
      const mine = (id: string) =>
        delivery(id, { affiliateId: 'aff_1', webhookId: 'whk_hours', eventId: 'evt_hours', createdAt: h0 });
      const ids = ['dlv_h1', 'dlv_h2', 'dlv_h3', 'dlv_h4', 'dlv_h5', 'dlv_h6'];
      await claim(h0, 'lease_hours', [
        ...ids.map(mine),
        delivery('dlv_h_other', {
          affiliateId: 'aff_2',
          webhookId: 'whk_hours_2',
          eventId: 'evt_hours',
          createdAt: h0,
        }),
      ]);
      const item = (
        deliveryId: string,
        attemptedAt: Date,
        succeeded: boolean,
        leaseToken = 'lease_hours',
      ) => {
        const affiliateId = deliveryId === 'dlv_h_other' ? 'aff_2' : 'aff_1';
        const webhookId = deliveryId === 'dlv_h_other' ? 'whk_hours_2' : 'whk_hours';
        return {
          affiliateId,
          id: deliveryId,
          leaseToken,
          outcome: outcome({ affiliateId, webhookId, deliveryId }, attemptedAt, succeeded),
          updatedAt: attemptedAt,
        };
      };

      expect(await storage.deliveries.complete(item('dlv_h1', at(10 * minute), true))).toBe(true);
      expect(await storage.deliveries.complete(item('dlv_h2', at(hour - 1), false))).toBe(true);
      // The lease is someone else's: neither the attempt nor its count is written.
      expect(await storage.deliveries.complete(item('dlv_h3', at(20 * minute), true, 'lease_lost'))).toBe(
        false,
      );
      expect(
        await storage.deliveries.completeMany({
          items: [
            item('dlv_h3', at(3 * hour + 30 * minute), true),
            item('dlv_h4', at(hour), true),
            item('dlv_h_other', at(hour + minute), false),
            item('dlv_h5', at(hour + 2 * minute), false, 'lease_lost'),
            item('dlv_h6', at(3 * hour), false),
          ],
        }),
      ).toEqual([true, true, true, false, true]);
      expect(await storage.deliveries.complete(item('dlv_h5', at(hour + 5 * minute), true))).toBe(true);

      const read = (affiliateId: string, webhookId: string, from: Date, to: Date) =>
        storage.deliveries.attemptHours({ affiliateId, webhookId, from, to });
      expect(await read('aff_1', 'whk_hours', h0, at(24 * hour))).toEqual([
        { hour: h0, succeeded: 1, failed: 1 },
        { hour: at(hour), succeeded: 2, failed: 0 },
        { hour: at(3 * hour), succeeded: 1, failed: 1 },
      ]);
      // [from, to): the hour starting at `to` is left out, and so is one starting before `from`.
      expect(await read('aff_1', 'whk_hours', at(1), at(3 * hour))).toEqual([
        { hour: at(hour), succeeded: 2, failed: 0 },
      ]);
      expect(await read('aff_2', 'whk_hours_2', h0, at(24 * hour))).toEqual([
        { hour: at(hour), succeeded: 0, failed: 1 },
      ]);
      // Another affiliate, or a webhook without attempts, reads nothing.
      expect(await read('aff_2', 'whk_hours', h0, at(24 * hour))).toEqual([]);
      expect(await read('aff_1', 'whk_hours_none', h0, at(24 * hour))).toEqual([]);
      const logged = await storage.deliveries.listAttempts({
        affiliateId: 'aff_1',
        webhookId: 'whk_hours',
        offset: 0,
        limit: 100,
      });
      expect(logged.total).toBe(6);
    });

    it('prune drops the hours before the earlier of its cutoffs, with the deliveries of that age', async () => {
      const jan = new Date('2018-01-01T05:00:00.000Z');
      const mar = new Date('2018-03-01T05:00:00.000Z');
      await storage.deliveries.insertEvent({
        event: {
          eventId: 'evt_hours',
          eventType: 'order_created',
          affiliateId: 'aff_1',
          occurredAt: jan,
          data: {},
        },
      });
      const row = (id: string, due: Date) =>
        delivery(id, {
          affiliateId: 'aff_1',
          webhookId: 'whk_hours_prune',
          eventId: 'evt_hours',
          createdAt: due,
        });
      // One sent in January (succeeded), one in March (failed), each claimed and completed in turn.
      for (const [id, due, succeeded] of [
        ['dlv_hp_jan', jan, true],
        ['dlv_hp_mar', mar, false],
      ] as const) {
        await claim(due, `lease_${id}`, [row(id, due)]);
        const attemptedAt = new Date(due.getTime() + minute);
        const written = await storage.deliveries.complete({
          affiliateId: 'aff_1',
          id,
          leaseToken: `lease_${id}`,
          outcome: outcome(
            { affiliateId: 'aff_1', webhookId: 'whk_hours_prune', deliveryId: id },
            attemptedAt,
            succeeded,
          ),
          updatedAt: attemptedAt,
        });
        expect(written).toBe(true);
      }

      // Succeeded ones go after April 1, failed ones after February 1: hours before February go.
      const pruned = await storage.deliveries.prune({
        succeededBefore: new Date('2018-04-01T00:00:00.000Z'),
        failedBefore: new Date('2018-02-01T00:00:00.000Z'),
        limit: 1_000,
      });
      expect(pruned.deliveries).toBe(1);
      expect(
        await storage.deliveries.attemptHours({
          affiliateId: 'aff_1',
          webhookId: 'whk_hours_prune',
          from: new Date('2017-12-01T00:00:00.000Z'),
          to: new Date('2018-12-01T00:00:00.000Z'),
        }),
      ).toEqual([{ hour: mar, succeeded: 0, failed: 1 }]);
    });
  });
}
