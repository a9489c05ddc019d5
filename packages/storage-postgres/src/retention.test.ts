import type { Delivery } from '@affiliate-commerce/core/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

const old = new Date('2020-01-01T00:00:00.000Z');

describe('retention on the PostgreSQL server', () => {
  let server: Awaited<ReturnType<typeof freshServerSchema>>;
  let storage: Awaited<ReturnType<typeof createPostgresStorage>>;
  beforeAll(async () => {
    server = await freshServerSchema('retention');
    storage = await createPostgresStorage({ db: server.db, schema: server.schema });
    await storage.deliveries.insertEvent({
      event: {
        eventId: 'evt_1',
        eventType: 'order_created',
        affiliateId: 'aff_1',
        occurredAt: old,
        data: {},
      },
    });
    const row = (id: string): Delivery => ({
      id,
      affiliateId: 'aff_1',
      webhookId: 'whk_1',
      eventId: 'evt_1',
      eventType: 'order_created',
      status: 'succeeded',
      attempts: 1,
      createdAt: old,
      updatedAt: old,
    });
    await storage.deliveries.enqueue({ deliveries: [row('dlv_held'), row('dlv_free')] });
  });
  afterAll(async () => {
    await storage.close();
    await server.drop();
  });

  it('prune neither waits for nor deletes a row another transaction holds; its event stays while referenced', async () => {
    const holder = await server.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from "${server.schema}".deliveries where id = 'dlv_held' for update`);
      const started = performance.now();
      const removed = await storage.deliveries.prune({
        succeededBefore: new Date('2021-01-01T00:00:00Z'),
        failedBefore: new Date('2021-01-01T00:00:00Z'),
        limit: 100,
      });
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(removed).toEqual({ deliveries: 1, attempts: 0, events: 0 });
      await holder.query('commit');
    } finally {
      holder.release();
    }
    const held = await storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_1', id: 'dlv_held' });
    expect(held?.status).toBe('succeeded');
    const next = await storage.deliveries.prune({
      succeededBefore: new Date('2021-01-01T00:00:00Z'),
      failedBefore: new Date('2021-01-01T00:00:00Z'),
      limit: 100,
    });
    expect(next).toEqual({ deliveries: 1, attempts: 0, events: 1 });
  });
});
