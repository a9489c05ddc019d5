import { randomIds } from '@affiliate-commerce/core';
import { testService } from '@affiliate-commerce/testkit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

/** Rows each table of `schema` had updated (all versions, heap-only or not), as the server counted them. */
async function updatesByTable(admin: pg.Pool, schema: string): Promise<Record<string, number>> {
  const { rows } = await admin.query<{ relname: string; n_tup_upd: string }>(
    'select relname, n_tup_upd from pg_stat_user_tables where schemaname = $1',
    [schema],
  );
  return Object.fromEntries(rows.map((row) => [row.relname, Number(row.n_tup_upd)]));
}

/**
 * Orders of one affiliate recorded many at once update no shared row: what each order writes is
 * rows of its own (its record, redemptions, events, deliveries and the day-count changes), so
 * concurrent writers never queue on one row's lock and no row piles up versions. Counted by the
 * server itself after the writers' connections have closed (which is when their counts are in).
 */
describe('hot rows: orders of one affiliate at once', () => {
  let fresh: Awaited<ReturnType<typeof freshServerSchema>>;
  let admin: pg.Pool;

  beforeAll(async () => {
    fresh = await freshServerSchema('hot');
    admin = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
  });
  afterAll(async () => {
    await admin.end();
    await fresh.drop();
  });

  it('400 orders, 8 at a time, with a coupon and a webhook, leave every table without an updated row', async () => {
    const { schema } = fresh;
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 8 });
    const storage = await createPostgresStorage({ db: pgPoolDb(pool, { ownsPool: true }), schema });
    const service = testService({ storage });
    await service.webhooks.create({
      affiliateId: 'aff_1',
      name: 'Orders',
      url: 'https://hooks.example.com/orders',
      webhookInterests: ['ecommerce_order_created', 'ecommerce_order_paid'],
    });
    const before = await updatesByTable(admin, schema);
    const orders = 400;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < orders) {
          next += 1;
          await service.commerce.recordOrder({
            affiliateId: 'aff_1',
            order: {
              id: `ord_${next}`,
              status: 'paid',
              totalCents: 8_500,
              products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 10_000 }],
              couponRedemptions: [
                {
                  code: 'SAVE15',
                  discountType: 'percent',
                  discountAmount: 15,
                  discountCents: 1_500,
                  redeemedAt: new Date().toISOString(),
                },
              ],
            },
          });
        }
      }),
    );
    await storage.close();
    const after = await updatesByTable(admin, schema);
    const updated = Object.fromEntries(
      Object.entries(after)
        .map(([table, count]) => [table, count - (before[table] ?? 0)] as const)
        .filter(([, count]) => count > 0),
    );
    expect(updated).toEqual({});
    const { rows } = await admin.query(
      `select (select count(*)::int from "${schema}".orders) as orders,
        (select coalesce(sum(order_count), 0)::int from "${schema}".order_day_count_changes where product_variation_id = '') as counted`,
    );
    expect(rows[0]).toEqual({ orders, counted: orders });
  });

  it('reports read while orders go in fold the changes into the day counts and count each order once', async () => {
    const { schema } = fresh;
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 8 });
    const storage = await createPostgresStorage({ db: pgPoolDb(pool, { ownsPool: true }), schema });
    // Ids of their own: the first test's service handed out the sequential ones.
    const service = testService({ storage, ids: randomIds() });
    // Orders are created at the test clock's time.
    const now = service.clock.now().getTime();
    const report = async () =>
      (
        await storage.coupons.report({
          affiliateId: 'aff_1',
          range: { start: new Date(now - 3 * 86_400_000), end: new Date(now + 86_400_000) },
          filters: {},
          sort: { by: 'uses', order: 'desc' },
          page: { number: 1, size: 10 },
        })
      ).summary.totalOrders;
    const start = await report();
    const added = 120;
    const totals: number[] = [];
    let writing = true;
    const readers = Array.from({ length: 3 }, async () => {
      while (writing) totals.push(await report());
    });
    try {
      for (let i = 0; i < added; i += 8)
        await Promise.all(
          Array.from({ length: 8 }, (_, k) =>
            service.commerce.recordOrder({
              affiliateId: 'aff_1',
              order: { id: `ord_fold_${i + k}`, totalCents: 1_000 },
            }),
          ),
        );
    } finally {
      writing = false;
      await Promise.all(readers);
    }
    // Each read saw a total between the start and the end, never a change counted twice or lost.
    for (const total of totals) expect(total).toBeGreaterThanOrEqual(start);
    for (const total of totals) expect(total).toBeLessThanOrEqual(start + added);
    expect(await report()).toBe(start + added);
    const { rows } = await admin.query(
      `select count(*)::int as left from "${schema}".order_day_count_changes`,
    );
    expect(rows[0].left).toBe(0);
    await storage.close();
  });
});
