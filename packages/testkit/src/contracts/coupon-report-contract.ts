import type { Storage } from '@affiliate-commerce/core';
import { staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestService, testService } from '../service/test-service';
import {
  couponContractAffiliates,
  couponContractNow,
  recordCouponContractOrders,
} from './coupon-report-data';

const tokens = { main: 'tok_coupons_admin', other: 'tok_coupons_other', moves: 'tok_coupons_moves' } as const;
const path = '/v2/ecommerceReports/coupons/used-on-orders';

const item = (
  coupon: string,
  amount: number,
  type: 'percent' | 'fixed',
  display: string,
  uses: number,
  impact: number,
) => ({
  coupon,
  discount: { amount, type, display },
  uses,
  revenueImpact: impact,
});

// The groups of month_to_date (1 to 10 January 2026), worked out by hand from coupon-report-data.ts.
const jan = {
  save10: item('SAVE10', 10, 'percent', '10%', 4, -22),
  formula: item('=cmd', 2.5, 'fixed', '€2.50', 1, -2.5),
  flat5: item('FLAT5', 5, 'fixed', '$5.00', 1, -5),
  late: item('LATE', 5, 'percent', '5%', 1, -2.5),
  save10at15: item('SAVE10', 15, 'percent', '15%', 1, -4.5),
  vip: item('VIP', 20, 'fixed', '$20.00', 1, -20),
  lower: item('save10', 10, 'percent', '10%', 1, -1),
};
const monthToDate = {
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: '2026-01-10T12:00:00.000Z',
  preset: 'month_to_date',
};

const page = (total: number, limit = 25, number = 1) => ({
  page: number,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

/**
 * The coupon report contract (docs/api.md §4.5, §2.5): the same orders, recorded through
 * `service.commerce`, must give exactly these answers on every storage (memory, PGlite, the
 * PostgreSQL server), across month and year boundaries and with timestamps given in non-UTC
 * offsets. Every expected value is worked out by hand from `coupon-report-data.ts`.
 *
 * @example
 * couponReportContract(() => storage);
 */
export function couponReportContract(getStorage: () => Storage): void {
  describe('coupon report', () => {
    let service: TestService;
    const report = async (query: string, token: string = tokens.main) => {
      const response = await service.handle(
        new Request(`http://api.test${path}?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
    };

    beforeAll(async () => {
      service = testService({
        storage: getStorage(),
        now: couponContractNow,
        auth: staticTokenAuth({
          [tokens.main]: {
            userId: 'usr_cpn',
            affiliateId: couponContractAffiliates.main,
            roles: ['affiliate_admin'],
          },
          [tokens.other]: {
            userId: 'usr_cpn_other',
            affiliateId: couponContractAffiliates.other,
            roles: ['affiliate_super_admin'],
          },
          [tokens.moves]: {
            userId: 'usr_cpn_moves',
            affiliateId: couponContractAffiliates.moves,
            roles: ['affiliate_admin'],
          },
        }),
      });
      for (const id of Object.values(couponContractAffiliates)) {
        await service.affiliates.upsert({ id, name: id });
      }
      await recordCouponContractOrders(service);
    });

    it('2.5 and 4.5: month_to_date by default; order counts on createdAt, redemption rows on redeemedAt', async () => {
      expect(await report('')).toEqual({
        status: 200,
        body: {
          success: true,
          data: {
            range: monthToDate,
            summary: { ordersWithCoupon: 8, totalOrders: 10, ordersWithCouponPct: 80, totalDiscounted: 57.5 },
            items: [jan.save10, jan.formula, jan.flat5, jan.late, jan.save10at15, jan.vip, jan.lower],
            pagination: page(7),
          },
        },
      });
    });

    it('2.5: last_month is December 2025 whole; an order placed then counts as with a coupon though it was redeemed in January', async () => {
      expect((await report('dateRange=last_month')).body.data).toEqual({
        range: {
          startDate: '2025-12-01T00:00:00.000Z',
          endDate: '2025-12-31T23:59:59.999Z',
          preset: 'last_month',
        },
        summary: { ordersWithCoupon: 4, totalOrders: 4, ordersWithCouponPct: 100, totalDiscounted: 12 },
        items: [item('SAVE10', 10, 'percent', '10%', 2, -7), item('FLAT5', 5, 'fixed', '$5.00', 1, -5)],
        pagination: page(2),
      });
    });

    it('4.5: custom whole days span the year boundary, both days included', async () => {
      expect((await report('dateRange=custom&startDate=2025-12-31&endDate=2026-01-01')).body.data).toEqual({
        range: {
          startDate: '2025-12-31T00:00:00.000Z',
          endDate: '2026-01-01T23:59:59.999Z',
          preset: 'custom',
        },
        summary: { ordersWithCoupon: 5, totalOrders: 5, ordersWithCouponPct: 100, totalDiscounted: 29.5 },
        items: [
          item('SAVE10', 10, 'percent', '10%', 3, -22),
          item('FLAT5', 5, 'fixed', '$5.00', 1, -5),
          item('LATE', 5, 'percent', '5%', 1, -2.5),
        ],
        pagination: page(3),
      });
    });

    it('4.5: custom instants with offsets are compared as instants (an end that reads earlier is later)', async () => {
      const query = `dateRange=custom&startDate=${encodeURIComponent('2026-01-01T01:45:00+02:00')}&endDate=${encodeURIComponent('2025-12-31T19:15:00-05:00')}`;
      expect((await report(query)).body.data).toEqual({
        range: {
          startDate: '2025-12-31T23:45:00.000Z',
          endDate: '2026-01-01T00:15:00.000Z',
          preset: 'custom',
        },
        summary: { ordersWithCoupon: 3, totalOrders: 3, ordersWithCouponPct: 100, totalDiscounted: 22 },
        items: [item('SAVE10', 10, 'percent', '10%', 3, -22)],
        pagination: page(1),
      });
    });

    it('4.5: the widest custom range, 1000-01-01 to 9999-12-31, holds every order, as JSON and CSV', async () => {
      const query = 'dateRange=custom&startDate=1000-01-01&endDate=9999-12-31';
      const { data } = (await report(query)).body as { data: { items: unknown[] } };
      expect(data).toMatchObject({
        range: {
          startDate: '1000-01-01T00:00:00.000Z',
          endDate: '9999-12-31T23:59:59.999Z',
          preset: 'custom',
        },
        summary: { ordersWithCoupon: 14, totalOrders: 16, ordersWithCouponPct: 87.5, totalDiscounted: 80.49 },
        pagination: page(7),
      });
      expect(data.items.slice(0, 2)).toEqual([
        item('SAVE10', 10, 'percent', '10%', 8, -39.99),
        item('FLAT5', 5, 'fixed', '$5.00', 2, -10),
      ]);
      const csv = await service.handle(
        new Request(`http://api.test${path}?${query}&export=1`, {
          headers: { authorization: `Bearer ${tokens.main}` },
        }),
      );
      expect(csv.headers.get('content-disposition')).toBe(
        'attachment; filename="coupons-used-on-orders_1000-01-01_9999-12-31.csv"',
      );
      expect((await csv.text()).split('\r\n')).toHaveLength(9);
      const lastMoment = `dateRange=custom&startDate=${encodeURIComponent('9999-12-31T23:59:59.999Z')}&endDate=9999-12-31`;
      expect((await report(lastMoment)).status).toBe(200);
    });

    it('4.5: year_to_date and quarter_to_date start on 1 January; today is empty so far', async () => {
      for (const preset of ['year_to_date', 'quarter_to_date']) {
        const { data } = (await report(`dateRange=${preset}`)).body;
        expect(data).toMatchObject({ range: { ...monthToDate, preset }, pagination: page(7) });
      }
      expect((await report('dateRange=today')).body.data).toEqual({
        range: {
          startDate: '2026-01-10T00:00:00.000Z',
          endDate: '2026-01-10T12:00:00.000Z',
          preset: 'today',
        },
        summary: { ordersWithCoupon: 0, totalOrders: 1, ordersWithCouponPct: 0, totalDiscounted: 0 },
        items: [],
        pagination: page(0),
      });
    });

    it('4.5: productVariationId filters redemptions and orders alike', async () => {
      expect((await report('productVariationId=pv_b')).body.data).toMatchObject({
        summary: { ordersWithCoupon: 1, totalOrders: 2, ordersWithCouponPct: 50, totalDiscounted: 8 },
        items: [item('FLAT5', 5, 'fixed', '$5.00', 1, -5), item('SAVE10', 10, 'percent', '10%', 1, -3)],
      });
    });

    it("4.5: campaignId matches a redemption's campaign for items, the order's for order counts", async () => {
      expect((await report('campaignId=cmp_x')).body.data).toMatchObject({
        summary: { ordersWithCoupon: 1, totalOrders: 2, ordersWithCouponPct: 50, totalDiscounted: 28 },
        items: [
          item('FLAT5', 5, 'fixed', '$5.00', 1, -5),
          item('SAVE10', 10, 'percent', '10%', 1, -3),
          item('VIP', 20, 'fixed', '$20.00', 1, -20),
        ],
      });
      expect((await report('campaignId=cmp_x&productVariationId=pv_b')).body.data).toMatchObject({
        summary: { ordersWithCoupon: 1, totalOrders: 2, ordersWithCouponPct: 50, totalDiscounted: 8 },
        pagination: page(2),
      });
    });

    it("4.5: 'all' is no filter; an unknown id matches nothing", async () => {
      expect((await report('productVariationId=all&campaignId=all')).body).toEqual((await report('')).body);
      expect((await report('productVariationId=pv_none')).body.data).toEqual({
        range: monthToDate,
        summary: { ordersWithCoupon: 0, totalOrders: 0, ordersWithCouponPct: 0, totalDiscounted: 0 },
        items: [],
        pagination: page(0),
      });
    });

    it('4.5: every sort, with ties broken by code (byte order), then terms', async () => {
      const order = async (query: string) =>
        ((await report(query)).body.data.items as { coupon: string; discount: { amount: number } }[]).map(
          (row) => `${row.coupon}/${row.discount.amount}`,
        );
      const { save10, formula, flat5, late, save10at15, vip, lower } = Object.fromEntries(
        Object.entries(jan).map(([key, row]) => [key, `${row.coupon}/${row.discount.amount}`]),
      ) as Record<keyof typeof jan, string>;
      expect(await order('sortBy=uses&sortOrder=asc')).toEqual([
        formula,
        flat5,
        late,
        save10at15,
        vip,
        lower,
        save10,
      ]);
      expect(await order('sortBy=revenueImpact&sortOrder=asc')).toEqual([
        save10,
        vip,
        flat5,
        save10at15,
        formula,
        late,
        lower,
      ]);
      expect(await order('sortBy=revenueImpact')).toEqual([
        lower,
        formula,
        late,
        save10at15,
        flat5,
        vip,
        save10,
      ]);
      expect(await order('sortBy=coupon&sortOrder=asc')).toEqual([
        formula,
        flat5,
        late,
        save10,
        save10at15,
        vip,
        lower,
      ]);
      expect(await order('sortBy=coupon&sortOrder=desc')).toEqual([
        lower,
        vip,
        save10,
        save10at15,
        late,
        flat5,
        formula,
      ]);
    });

    it('4.5: pages slice the sorted rows; a page past the end is empty but keeps the totals', async () => {
      expect((await report('limit=2&page=2')).body.data).toMatchObject({
        summary: { totalOrders: 10, totalDiscounted: 57.5 },
        items: [jan.flat5, jan.late],
        pagination: page(7, 2, 2),
      });
      expect((await report('limit=2&page=5')).body.data).toMatchObject({
        summary: { ordersWithCoupon: 8 },
        items: [],
        pagination: page(7, 2, 5),
      });
    });

    it('4.5: the CSV holds every row (not one page), escaped, with the range in the file name', async () => {
      const response = await service.handle(
        new Request(`http://api.test${path}?export=true&limit=1&page=3`, {
          headers: { authorization: `Bearer ${tokens.main}` },
        }),
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="coupons-used-on-orders_2026-01-01_2026-01-10.csv"',
      );
      expect(await response.text()).toBe(
        [
          'Coupon,Discount Display,Discount Amount,Discount Type,Uses,Revenue Impact',
          'SAVE10,10%,10,percent,4,-22.00',
          `"'=cmd",€2.50,2.50,fixed,1,-2.50`,
          'FLAT5,$5.00,5.00,fixed,1,-5.00',
          'LATE,5%,5,percent,1,-2.50',
          'SAVE10,15%,15,percent,1,-4.50',
          'VIP,$20.00,20.00,fixed,1,-20.00',
          'save10,10%,10,percent,1,-1.00',
          '',
        ].join('\r\n'),
      );
    });

    it("another tenant's orders never show, and it sees only its own", async () => {
      expect((await report('', tokens.other)).body.data).toEqual({
        range: monthToDate,
        summary: { ordersWithCoupon: 1, totalOrders: 1, ordersWithCouponPct: 100, totalDiscounted: 50 },
        items: [item('SAVE10', 10, 'percent', '10%', 1, -50)],
        pagination: page(1),
      });
    });

    it('2.5: re-recording an order moves its counts to its new day, campaign, products and coupon state', async () => {
      const affiliateId = couponContractAffiliates.moves;
      const counts = async (query: string) => {
        const { summary } = (await report(query, tokens.moves)).body.data as {
          summary: { totalOrders: number; ordersWithCoupon: number };
        };
        return [summary.totalOrders, summary.ordersWithCoupon];
      };
      const record = async (order: Parameters<TestService['commerce']['recordOrder']>[0]['order']) => {
        await service.commerce.recordOrder({ affiliateId, order });
      };
      await record({
        id: 'o_move',
        createdAt: '2026-01-03T10:00:00Z',
        campaignId: 'cmp_a',
        totalCents: 100,
        products: [
          { productVariationId: 'pv_a', quantity: 2, unitPriceCents: 50 },
          { productVariationId: 'pv_a', quantity: 1, unitPriceCents: 0 },
        ],
      });
      expect(await counts('')).toEqual([1, 0]);
      expect(await counts('campaignId=cmp_a&productVariationId=pv_a')).toEqual([1, 0]);
      await record({
        id: 'o_move',
        createdAt: '2025-12-15T10:00:00+05:00',
        campaignId: 'cmp_b',
        totalCents: 100,
        products: [{ productVariationId: 'pv_b', quantity: 1, unitPriceCents: 100 }],
        couponRedemptions: [
          {
            code: 'MOVED',
            discountType: 'fixed',
            discountAmount: 1,
            discountCents: 100,
            redeemedAt: '2025-12-15T10:00:00Z',
          },
        ],
      });
      expect(await counts('')).toEqual([0, 0]);
      expect(await counts('dateRange=last_month')).toEqual([1, 1]);
      expect(await counts('dateRange=last_month&campaignId=cmp_a')).toEqual([0, 0]);
      expect(await counts('dateRange=last_month&campaignId=cmp_b&productVariationId=pv_b')).toEqual([1, 1]);
      expect(await counts('dateRange=last_month&productVariationId=pv_a')).toEqual([0, 0]);
      await service.commerce.setOrderStatus({ affiliateId, orderId: 'o_move', status: 'refunded' });
      await record({
        id: 'o_move',
        createdAt: '2025-12-15T05:00:00Z',
        campaignId: 'cmp_b',
        totalCents: 100,
        products: [{ productVariationId: 'pv_b', quantity: 1, unitPriceCents: 100 }],
      });
      expect(await counts('dateRange=last_month&productVariationId=pv_b')).toEqual([1, 0]);
      expect(
        await counts('dateRange=custom&startDate=2025-12-15T05:00:00Z&endDate=2025-12-15T05:00:00Z'),
      ).toEqual([1, 0]);
    });
  });
}
