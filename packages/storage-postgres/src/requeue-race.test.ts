import type { Storage } from '@affiliate-commerce/core';
import type { AttemptOutcome, Delivery } from '@affiliate-commerce/core/storage';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

const t0 = new Date('2026-11-23T10:00:00.000Z');
const affiliateId = 'aff_race';
const webhookId = 'whk_race';
const count = 60;
const leaseMs = 60_000;

/** Half pending and due in an hour, half failed for good: what a retry meets. */
function deliveries(round: number): Delivery[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `dlv_${round}_${String(i).padStart(2, '0')}`,
    affiliateId,
    webhookId,
    eventId: 'evt_race',
    eventType: 'order_created',
    attempts: 1,
    createdAt: t0,
    updatedAt: t0,
    ...(i % 2 === 0
      ? { status: 'pending' as const, nextAttemptAt: new Date(t0.getTime() + 3_600_000) }
      : { status: 'failed' as const }),
  }));
}

/** A first retry's attempt that succeeded, as the worker would complete it. */
function succeeded(id: string, now: Date): AttemptOutcome {
  return {
    status: 'succeeded',
    attempt: {
      id: `att_${id}`,
      deliveryId: id,
      affiliateId,
      webhookId,
      eventId: 'evt_race',
      eventType: 'order_created',
      attempt: 2,
      attemptedAt: now,
      payloadVersion: 'v2',
      succeeded: true,
      statusCode: 200,
      latencyMs: 1,
    },
  };
}

/** Fisher-Yates with a fixed seed, so a failure replays. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

interface Row {
  id: string;
  status: string;
  lease_token: string | null;
  next_attempt_at: Date | null;
}

describe('manual retry racing the worker on the PostgreSQL server', () => {
  let storage: Storage;
  let pool: pg.Pool;
  let schema: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshServerSchema('requeue');
    ({ pool, schema, drop } = fresh);
    storage = await createPostgresStorage({ db: fresh.db, schema });
    await storage.deliveries.insertEvent({
      event: { eventId: 'evt_race', eventType: 'order_created', affiliateId, occurredAt: t0, data: {} },
    });
  });
  afterAll(async () => {
    await storage.close();
    await drop();
  });

  it('many concurrent retries interleaved with claimDue never overwrite a lease nor lose a claim', async () => {
    for (let round = 0; round < 5; round += 1) {
      const rows = deliveries(round);
      await storage.deliveries.enqueue({ deliveries: rows });
      const now = new Date(t0.getTime() + round * 10 * leaseMs);
      const claims = new Map<string, string[]>();
      const tasks: (() => Promise<unknown>)[] = [];
      for (const row of rows)
        for (let k = 0; k < 3; k += 1)
          tasks.push(() => storage.deliveries.requeue({ affiliateId, webhookId, id: row.id, now }));
      for (let c = 0; c < 12; c += 1) {
        const leaseToken = `lease_${round}_${c}`;
        tasks.push(async () => {
          const claimed = await storage.deliveries.claimDue({ now, limit: 8, leaseMs, leaseToken });
          claims.set(
            leaseToken,
            claimed.map((item) => item.delivery.id),
          );
        });
      }
      await Promise.all(shuffled(tasks, round + 1).map((task) => task()));

      // No delivery claimed twice, and every claim still holds its lease.
      const holder = new Map<string, string>();
      for (const [token, ids] of claims)
        for (const id of ids) {
          expect(holder.get(id), id).toBeUndefined();
          holder.set(id, token);
        }
      const { rows: stored } = await pool.query<Row>(
        `select d.id, d.status, q.lease_token, q.due_at as next_attempt_at
         from "${schema}".deliveries d
         join "${schema}".delivery_queue q on q.affiliate_id = d.affiliate_id and q.webhook_id = d.webhook_id and q.id = d.id
         where d.id like $1 order by d.id`,
        [`dlv_${round}_%`],
      );
      expect(stored).toHaveLength(count);
      for (const row of stored) {
        expect(row.status, row.id).toBe('pending');
        const token = holder.get(row.id);
        if (token) expect(row.lease_token, row.id).toBe(token);
        // Not claimed: due now, for the next claim to take.
        else expect(row.next_attempt_at!.getTime(), row.id).toBeLessThanOrEqual(now.getTime());
      }
      // A retry now leaves every held delivery as it is.
      for (const id of holder.keys())
        expect(await storage.deliveries.requeue({ affiliateId, webhookId, id, now })).toBeUndefined();
      // The rest are claimed by the next worker; every holder completes under its lease.
      const rest = await storage.deliveries.claimDue({
        now,
        limit: count,
        leaseMs,
        leaseToken: `rest_${round}`,
      });
      expect(rest.map((item) => item.delivery.id).sort()).toEqual(
        rows.map((row) => row.id).filter((id) => !holder.has(id)),
      );
      for (const item of rest) holder.set(item.delivery.id, `rest_${round}`);
      const done = await storage.deliveries.completeMany({
        items: [...holder].map(([id, leaseToken]) => ({
          affiliateId,
          id,
          leaseToken,
          updatedAt: now,
          outcome: succeeded(id, now),
        })),
      });
      expect(done).toEqual(Array.from({ length: count }, () => true));
    }
  }, 60_000);

  it('retries, outcomes and a cancel of the webhook at once: no call fails, and a delivery is pending exactly while it is queued', async () => {
    for (let round = 10; round < 14; round += 1) {
      const rows = deliveries(round);
      await storage.deliveries.enqueue({ deliveries: rows });
      const now = new Date(t0.getTime() + round * 10 * leaseMs);
      // Half the pending ones are being sent, with lapsed leases, so a retry may take them too.
      const leaseToken = `lease_${round}`;
      const held = await storage.deliveries.claimDue({
        now: new Date(t0.getTime() + 3_600_000),
        limit: count / 4,
        leaseMs: 1,
        leaseToken,
      });
      const tasks: (() => Promise<unknown>)[] = [];
      for (const row of rows)
        tasks.push(() => storage.deliveries.requeue({ affiliateId, webhookId, id: row.id, now }));
      for (const claimed of held)
        tasks.push(() =>
          storage.deliveries.complete({
            affiliateId,
            id: claimed.delivery.id,
            leaseToken,
            updatedAt: now,
            outcome: succeeded(claimed.delivery.id, now),
          }),
        );
      tasks.push(() => storage.deliveries.cancelPending({ affiliateId, webhookId, now }));
      await Promise.all(shuffled(tasks, round).map((task) => task()));

      const { rows: stored } = await pool.query<{ id: string; status: string; queued: boolean }>(
        `select d.id, d.status, q.id is not null as queued
         from "${schema}".deliveries d
         left join "${schema}".delivery_queue q
           on q.affiliate_id = d.affiliate_id and q.webhook_id = d.webhook_id and q.id = d.id
         where d.id like $1 order by d.id`,
        [`dlv_${round}_%`],
      );
      expect(stored).toHaveLength(count);
      for (const row of stored) expect(row.queued, `${row.id} ${row.status}`).toBe(row.status === 'pending');
      // The round's leftovers are cancelled, so the next round's claim meets only its own.
      await storage.deliveries.cancelPending({ affiliateId, webhookId, now });
    }
  }, 60_000);
});
