import { randomIds } from '@affiliate-commerce/core';
import { testService } from '@affiliate-commerce/testkit';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { analyzeAfterRows, analyzeGrownTables } from './statistics-keeper';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

const order = (id: string) => ({
  affiliateId: 'aff_1',
  order: {
    id,
    status: 'paid' as const,
    totalCents: 8_500,
    products: [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 10_000 }],
  },
});

/** Runs `sql` on a connection of its own, closed after, so the server has counted what it did. */
async function onItsOwn(sql: string, params: readonly unknown[] = []): Promise<pg.QueryResultRow[]> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params as unknown[])).rows;
  } finally {
    await client.end();
  }
}

/** Waits until the server's statistics say `condition` of the orders table (they are counted a moment after a connection ends). */
async function untilOrders(schema: string, condition: string): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    const [row] = await onItsOwn(
      `select ${condition} as ok from pg_stat_user_tables where schemaname = $1 and relname = 'orders'`,
      [schema],
    );
    if (row?.ok) return;
    if (tries > 300) throw new Error(`orders never met: ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Scans of the orders table and the rows they read (by scans and index fetches), as the server counted them. */
async function ordersReads(schema: string): Promise<{ scans: number; rows: number }> {
  const [row] = await onItsOwn(
    `select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as scans,
       coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as rows
     from pg_stat_user_tables where schemaname = $1 and relname = 'orders'`,
    [schema],
  );
  return { scans: Number(row?.scans), rows: Number(row?.rows) };
}

/** 30,000 orders of the same affiliate written behind the storage's back, as an import does. */
const bulkImport = (schema: string) =>
  onItsOwn(
    `insert into "${schema}".orders (affiliate_id, id, status, created_at, updated_at, is_renewal, total_cents,
       currency, products, product_variation_ids, has_coupon)
     select 'aff_1', 'ord_import_' || n, 'paid', now(), now(), false, 8500, 'USD', '[]', '{pv_1}', false
     from generate_series(1, 30000) as n`,
  );

/**
 * Statements the storage prepared while a table was small are planned again once it has grown:
 * after a bulk import into a new schema, recording an order reads a handful of order rows, not
 * the affiliate's whole import. Read from the rows the server counts, not from times.
 */
describe('plans as tables grow from empty', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('after an import, orders are recorded by their key again once the grown table is analyzed', async () => {
    const fresh = await freshServerSchema('plans');
    drop = fresh.drop;
    const { schema } = fresh;
    // One connection: every call runs the statements it prepared while the table was empty.
    const pool = new pg.Pool({ connectionString: testDatabaseUrl, max: 1 });
    const db = pgPoolDb(pool, { ownsPool: true });
    const storage = await createPostgresStorage({ db, schema, keepStatistics: false });
    const service = testService({ storage, ids: randomIds() });
    for (let i = 0; i < 12; i += 1) await service.commerce.recordOrder(order(`ord_early_${i}`));
    await bulkImport(schema);
    await untilOrders(schema, `n_live_tup >= ${analyzeAfterRows}`);

    expect(await analyzeGrownTables(db, schema)).toContain('orders');
    expect(await analyzeGrownTables(db, schema)).not.toContain('orders');

    const before = await ordersReads(schema);
    for (let i = 0; i < 5; i += 1) await service.commerce.recordOrder(order(`ord_after_${i}`));
    await storage.close();
    // Each order reads its row as it was at least once; wait until the closed connection's counts are in.
    await untilOrders(schema, `coalesce(seq_scan, 0) + coalesce(idx_scan, 0) >= ${before.scans + 5}`);
    const perOrder = ((await ordersReads(schema)).rows - before.rows) / 5;
    // Its own row and a few more, read back by key (the server's counts can take in other reads of
    // the moment): a plan made for the empty table read the import's 30,000 for each order.
    expect(perOrder).toBeLessThan(100);
  });

  it('a storage analyzes a table that grew by itself, in the background', async () => {
    const fresh = await freshServerSchema('plans');
    drop = fresh.drop;
    const { schema } = fresh;
    const storage = await createPostgresStorage({ db: fresh.db, schema });
    try {
      await bulkImport(schema);
      await untilOrders(schema, 'last_analyze is not null');
    } finally {
      await storage.close().catch(() => undefined);
    }
  });
});
