import type { RecordOrderInput, Storage } from '@affiliate-commerce/core';
import { memoryStorage } from '@affiliate-commerce/core/memory';
import { couponReportContract, testService } from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresCouponReportStore } from './coupon-report';
import { pgPoolDb } from './db';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema, testDatabaseUrl } from './test-database.test-support';

// Report bounds are computed in UTC by core and sent as instants, so the session time zone of
// the connection must change nothing: run the whole contract on a session at +13:45.
describe('coupon report on a PostgreSQL session whose time zone is Pacific/Chatham (+13:45)', () => {
  let storage: Storage;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshServerSchema('cpn_tz');
    drop = fresh.drop;
    const pool = new pg.Pool({
      connectionString: testDatabaseUrl,
      max: 4,
      options: '-c timezone=Pacific/Chatham',
    });
    const { rows } = await pool.query<{ tz: string }>("select current_setting('TimeZone') as tz");
    expect(rows[0]!.tz).toBe('Pacific/Chatham');
    storage = await createPostgresStorage({ db: pgPoolDb(pool, { ownsPool: true }), schema: fresh.schema });
  });
  afterAll(async () => {
    await storage.close();
    await drop();
  });
  couponReportContract(() => storage);
});

const now = '2026-01-10T12:00:00.000Z';
const windowStart = Date.parse('2025-11-28T00:00:00.000Z');
const windowEnd = Date.parse('2026-01-12T00:00:00.000Z');
const variations = ['pv_a', 'pv_b', 'pv_c'];

type OrderInput = RecordOrderInput['order'];

const redemption = fc.record({
  code: fc.constantFrom('SAVE10', 'save10', 'FLAT5', '=x', '-5', 'Ä', '😀', 'Z'),
  discountType: fc.constantFrom('percent' as const, 'fixed' as const),
  discountAmount: fc.constantFrom(5, 10, 12.5, 99.99),
  discountCents: fc.integer({ min: 0, max: 50_000 }),
  shiftMs: fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }),
  campaignId: fc.option(fc.constantFrom('cmp_a', 'cmp_b'), { nil: undefined }),
  variationMask: fc.integer({ min: 0, max: 7 }),
});

const order = fc.record({
  createdMs: fc.integer({ min: windowStart, max: windowEnd }),
  campaignId: fc.option(fc.constantFrom('cmp_a', 'cmp_b'), { nil: undefined }),
  variationMask: fc.integer({ min: 1, max: 7 }),
  offsetMinutes: fc.constantFrom(0, 330, -300, 825),
  redemptions: fc.array(redemption, { maxLength: 3 }),
});

/** An instant written with a UTC offset, as hosts in other zones send it. */
function withOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 23);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const pick = (mask: number, from: readonly string[]) => from.filter((_, i) => mask & (1 << i));

const query = fc.record({
  dateRange: fc.constantFrom(
    'today',
    'yesterday',
    'last_7_days',
    'last_30_days',
    'month_to_date',
    'last_month',
    'year_to_date',
    'custom',
  ),
  start: fc.integer({ min: windowStart, max: windowEnd }),
  lengthMs: fc.integer({ min: 0, max: 40 * 86_400_000 }),
  productVariationId: fc.constantFrom(undefined, 'all', 'pv_a', 'pv_b', 'pv_c'),
  campaignId: fc.constantFrom(undefined, 'cmp_a', 'cmp_b'),
  sortBy: fc.constantFrom('uses', 'revenueImpact', 'coupon'),
  sortOrder: fc.constantFrom('asc', 'desc'),
  limit: fc.integer({ min: 1, max: 5 }),
  page: fc.integer({ min: 1, max: 4 }),
});

type Query = typeof query extends fc.Arbitrary<infer T> ? T : never;

function queryString(q: Query): string {
  const params = new URLSearchParams({ dateRange: q.dateRange, sortBy: q.sortBy, sortOrder: q.sortOrder });
  if (q.dateRange === 'custom') {
    params.set('startDate', new Date(q.start).toISOString());
    params.set('endDate', new Date(q.start + q.lengthMs).toISOString());
  }
  if (q.productVariationId) params.set('productVariationId', q.productVariationId);
  if (q.campaignId) params.set('campaignId', q.campaignId);
  params.set('limit', String(q.limit));
  params.set('page', String(q.page));
  return params.toString();
}

describe('coupon report: memory and the PostgreSQL server agree on random data', () => {
  let server: Storage;
  let smallBatches: ReturnType<typeof postgresCouponReportStore>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshServerSchema('cpn_prop');
    drop = fresh.drop;
    server = await createPostgresStorage({ db: fresh.db, schema: fresh.schema });
    smallBatches = postgresCouponReportStore(fresh.db, fresh.schema, { batchSize: 2 });
  });
  afterAll(async () => {
    await drop();
  });

  it('4.5 and 2.5: the same JSON for any query, and the same CSV rows read in batches of two', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(order, { maxLength: 12 }),
        fc.array(order, { maxLength: 4 }),
        fc.array(query, { minLength: 1, maxLength: 4 }),
        async (orders, rerecorded, queries) => {
          run += 1;
          const affiliateId = `aff_prop_${run}`;
          const token = 'tok_prop';
          const auth = {
            authenticate: async () => ({ userId: 'usr', affiliateId, roles: ['affiliate_admin' as const] }),
          };
          const memory = testService({ storage: memoryStorage(), now, auth });
          const onServer = testService({ storage: server, now, auth });
          // The second list records the first orders again, moving them to other days, campaigns,
          // products and coupon states (the update path of the day counts).
          for (const [index, generated] of [...orders.entries(), ...rerecorded.entries()]) {
            const products = pick(generated.variationMask, variations).map((productVariationId) => ({
              productVariationId,
              quantity: 1,
              unitPriceCents: 1_000,
            }));
            const input: OrderInput = {
              id: `o_${index}`,
              createdAt: withOffset(generated.createdMs, generated.offsetMinutes),
              totalCents: 1_000,
              products,
              ...(generated.campaignId ? { campaignId: generated.campaignId } : {}),
              couponRedemptions: generated.redemptions.map((r) => ({
                code: r.code,
                discountType: r.discountType,
                discountAmount: r.discountAmount,
                discountCents: r.discountCents,
                redeemedAt: withOffset(generated.createdMs + r.shiftMs, generated.offsetMinutes),
                ...(r.campaignId ? { campaignId: r.campaignId } : {}),
                ...(r.variationMask & generated.variationMask
                  ? { productVariationIds: pick(r.variationMask & generated.variationMask, variations) }
                  : {}),
              })),
            };
            for (const service of [memory, onServer]) {
              await expect(
                service.commerce.recordOrder({ affiliateId, order: input }),
              ).resolves.toBeDefined();
            }
          }
          for (const q of queries) {
            const url = `http://x/v2/ecommerceReports/coupons/used-on-orders?${queryString(q)}`;
            const ask = async (service: typeof memory, csv: boolean) => {
              const response = await service.handle(
                new Request(csv ? `${url}&export=1` : url, { headers: { authorization: `Bearer ${token}` } }),
              );
              expect(response.status).toBe(200);
              return response.text();
            };
            expect(await ask(onServer, false)).toBe(await ask(memory, false));
            expect(await ask(onServer, true)).toBe(await ask(memory, true));
          }
          const sorts = ['uses', 'revenueImpact', 'coupon'] as const;
          for (const by of sorts) {
            for (const sortOrder of ['asc', 'desc'] as const) {
              const reportQuery = {
                affiliateId,
                range: { start: new Date(windowStart), end: new Date(windowEnd) },
                filters: {},
                sort: { by, order: sortOrder },
              };
              const fromServer = [];
              for await (const row of smallBatches.reportRows(reportQuery)) fromServer.push(row);
              const fromMemory = [];
              for await (const row of memory.deps.storage.coupons.reportRows(reportQuery))
                fromMemory.push(row);
              expect(fromServer).toEqual(fromMemory);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it('orders recorded at once, new and changed, all on one day and campaign: the report counts each once', async () => {
    // Every one of these orders adds to the same day-count row, at commit: a race on that row.
    const affiliateId = 'aff_race';
    const auth = {
      authenticate: async () => ({ userId: 'usr', affiliateId, roles: ['affiliate_admin' as const] }),
    };
    const memory = testService({ storage: memoryStorage(), now, auth });
    const onServer = testService({ storage: server, now, auth });
    const input = (i: number, campaignId: string): OrderInput => ({
      id: `o_${i}`,
      createdAt: '2026-01-10T09:00:00.000Z',
      totalCents: 1_000,
      campaignId,
      products: [{ productVariationId: variations[i % 3]!, quantity: 1, unitPriceCents: 1_000 }],
      couponRedemptions: [
        {
          code: i % 2 === 0 ? 'SAVE10' : 'FLAT5',
          discountType: 'fixed',
          discountAmount: 5,
          discountCents: 500,
          redeemedAt: '2026-01-10T09:00:00.000Z',
        },
      ],
    });
    for (const service of [memory, onServer]) {
      const record = (i: number, campaignId: string) =>
        service.commerce.recordOrder({ affiliateId, order: input(i, campaignId) });
      await Promise.all(Array.from({ length: 24 }, (_, i) => record(i, 'cmp_a')));
      // A third of them move to another campaign while new ones come in.
      await Promise.all([
        ...Array.from({ length: 8 }, (_, i) => record(i, 'cmp_b')),
        ...Array.from({ length: 8 }, (_, i) => record(24 + i, 'cmp_a')),
      ]);
    }
    for (const [campaignId, orders] of [
      ['', 32],
      ['&campaignId=cmp_a', 24],
      ['&campaignId=cmp_b', 8],
    ] as const) {
      const url = `http://x/v2/ecommerceReports/coupons/used-on-orders?dateRange=today${campaignId}`;
      const ask = async (service: typeof memory) =>
        (await service.handle(new Request(url, { headers: { authorization: 'Bearer tok' } }))).text();
      const answer = await ask(onServer);
      expect(answer).toBe(await ask(memory));
      expect(answer).toContain(`"totalOrders":${orders}`);
    }
  });
});
