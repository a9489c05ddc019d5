import { randomIds } from '@affiliate-commerce/core';
import { testService } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

/**
 * Workers whose breakers hold the same failing webhook move its queued deliveries at once (hold
 * them to a time, resume them), while others claim: none of them may fail the others. Each move
 * locks the webhook's rows in key order and passes over rows another statement holds.
 */
describe('holding and resuming one webhook’s deliveries from several workers at once', () => {
  let fresh: Awaited<ReturnType<typeof freshServerSchema>>;
  beforeAll(async () => {
    fresh = await freshServerSchema('defer');
  });
  afterAll(() => fresh.drop());

  it('moves, resumes and claims racing on 600 deliveries all complete, and every delivery stays queued once', async () => {
    const storage = await createPostgresStorage({ db: fresh.db, schema: fresh.schema });
    const service = testService({ storage, ids: randomIds() });
    const webhook = await service.webhooks.create({
      affiliateId: 'aff_1',
      name: 'Failing',
      url: 'https://hooks.example.com/failing',
      webhookInterests: ['payment_succeeded'],
    });
    const events = 600;
    for (let i = 0; i < events; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          service.commerce.emit({
            affiliateId: 'aff_1',
            eventType: 'payment_succeeded',
            data: { payment_id: `pay_${i + k}`, amount_cents: 100, currency: 'USD' },
          }),
        ),
      );
    const now = service.clock.now().getTime();
    const at = (seconds: number) => new Date(now + seconds * 1_000);
    const scoped = { affiliateId: 'aff_1', webhookId: webhook.id };
    for (let round = 0; round < 6; round += 1) {
      const outcomes = await Promise.allSettled([
        ...Array.from({ length: 4 }, (_, k) =>
          storage.deliveries.defer({ ...scoped, until: at(60 + round * 10 + k), now: at(0) }),
        ),
        storage.deliveries.resume({ ...scoped, heldUntil: at(200), now: at(0) }),
        storage.deliveries.claimDue({ now: at(0), limit: 50, leaseMs: 1_000, leaseToken: `lease_${round}` }),
        storage.deliveries.defer({ ...scoped, until: at(30), now: at(0) }),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    }
    const { rows } = await fresh.pool.query(
      `select count(*)::int as queued, count(distinct id)::int as distinct_ids from "${fresh.schema}".delivery_queue`,
    );
    expect(rows[0]).toEqual({ queued: events, distinct_ids: events });
  });
});
