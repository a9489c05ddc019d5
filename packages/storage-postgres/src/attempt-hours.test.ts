import type { Storage } from '@affiliate-commerce/core';
import type { Delivery } from '@affiliate-commerce/core/storage';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

const h0 = new Date('2026-11-23T10:00:00.000Z');
const minute = 60_000;
const webhooks = ['whk_a', 'whk_b'] as const;
const batches = 25;
const perBatch = 30;

/** A fixed shuffle, so each batch lists its webhooks and hours in its own order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('hourly attempt counts on the PostgreSQL server', () => {
  let server: Awaited<ReturnType<typeof freshServerSchema>>;
  let storage: Storage;
  // Connections in a zone half an hour off UTC: the counts must still fall on UTC hours.
  const pool = new pg.Pool({
    connectionString: testDatabaseUrl,
    max: 12,
    options: '-c TimeZone=Asia/Kolkata',
  });
  beforeAll(async () => {
    server = await freshServerSchema('hours');
    storage = await createPostgresStorage({ db: pgPoolDb(pool), schema: server.schema });
  });
  afterAll(async () => {
    await storage.close();
    await pool.end();
    await server.drop();
  });

  it('many concurrent completeMany batches of two webhooks landing in the same hours give exact totals, no deadlock', async () => {
    await storage.deliveries.insertEvent({
      event: { eventId: 'evt_1', eventType: 'order_created', affiliateId: 'aff_1', occurredAt: h0, data: {} },
    });
    const total = batches * perBatch;
    const rows: Delivery[] = Array.from({ length: total }, (_, n) => ({
      id: `dlv_${n}`,
      affiliateId: 'aff_1',
      webhookId: webhooks[n % 2]!,
      eventId: 'evt_1',
      eventType: 'order_created',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: h0,
      createdAt: h0,
      updatedAt: h0,
    }));
    await storage.deliveries.enqueue({ deliveries: rows });
    const claimed = await storage.deliveries.claimDue({
      now: h0,
      limit: total,
      leaseMs: 600_000,
      leaseToken: 'lease_1',
    });
    expect(claimed).toHaveLength(total);

    // Attempt n lands in hour n % 3 (10:xx, 11:xx, 12:xx UTC); every fourth one failed.
    const item = (n: number) => {
      const attemptedAt = new Date(h0.getTime() + (n % 3) * 60 * minute + (n % 50) * minute);
      return {
        affiliateId: 'aff_1',
        id: `dlv_${n}`,
        leaseToken: 'lease_1',
        updatedAt: attemptedAt,
        outcome: {
          status: n % 4 === 0 ? ('failed' as const) : ('succeeded' as const),
          attempt: {
            id: `att_${n}`,
            deliveryId: `dlv_${n}`,
            affiliateId: 'aff_1',
            webhookId: webhooks[n % 2]!,
            eventId: 'evt_1',
            eventType: 'order_created',
            attempt: 1,
            attemptedAt,
            payloadVersion: 'v2' as const,
            succeeded: n % 4 !== 0,
            statusCode: n % 4 === 0 ? 500 : 200,
            latencyMs: 5,
          },
        },
      };
    };
    // Batch b holds every `batches`-th attempt, so each batch touches all six webhook-hours.
    const written = await Promise.all(
      Array.from({ length: batches }, (_, b) =>
        storage.deliveries.completeMany({
          items: shuffled(
            Array.from({ length: perBatch }, (_, k) => item(b + k * batches)),
            b + 1,
          ),
        }),
      ),
    );
    expect(written.flat().every(Boolean)).toBe(true);

    const expected = (webhookId: string) =>
      [0, 1, 2].map((h) => {
        const mine = Array.from({ length: total }, (_, n) => n).filter(
          (n) => webhooks[n % 2] === webhookId && n % 3 === h,
        );
        return {
          hour: new Date(h0.getTime() + h * 60 * minute),
          succeeded: mine.filter((n) => n % 4 !== 0).length,
          failed: mine.filter((n) => n % 4 === 0).length,
        };
      });
    for (const webhookId of webhooks) {
      const hours = await storage.deliveries.attemptHours({
        affiliateId: 'aff_1',
        webhookId,
        from: h0,
        to: new Date(h0.getTime() + 24 * 60 * minute),
      });
      expect(hours).toEqual(expected(webhookId));
    }
    const { rows: sums } = await server.pool.query<{ n: number }>(
      `select sum(succeeded + failed)::int as n from "${server.schema}".webhook_attempt_hours`,
    );
    expect(sums[0]!.n).toBe(total);
  });
});
