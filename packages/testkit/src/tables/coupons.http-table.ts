import type { HttpCase, HttpTable } from '../contracts/http-contract';
import { testTokens } from '../service/test-service';

const path = '/v2/ecommerceReports/coupons/used-on-orders';
const get = (query = '', token: string = testTokens.admin) => ({
  method: 'GET',
  path: query ? `${path}?${query}` : path,
  token,
});

const invalid = (field: string, query: string, why = query): HttpCase => ({
  name: `4.5 and 7: 422 INVALID_FIELD on ${field} for ${why}`,
  request: get(query),
  expect: {
    status: 422,
    check: (_response, json) => {
      const error = (json as { error: { code: string; field: string } }).error;
      if (error.code !== 'INVALID_FIELD' || error.field !== field) {
        throw new Error(`expected INVALID_FIELD on ${field}, got ${JSON.stringify(error)}`);
      }
    },
  },
});

const report = {
  success: true,
  data: {
    range: {
      startDate: '2026-11-01T00:00:00.000Z',
      endDate: '2026-11-23T10:00:00.000Z',
      preset: 'month_to_date',
    },
    summary: { ordersWithCoupon: 4, totalOrders: 5, ordersWithCouponPct: 80, totalDiscounted: 36.5 },
    items: [
      {
        coupon: 'SAVE15',
        discount: { amount: 15, type: 'percent', display: '15%' },
        uses: 2,
        revenueImpact: -24,
      },
      {
        coupon: '@home',
        discount: { amount: 2.5, type: 'fixed', display: '$2.50' },
        uses: 1,
        revenueImpact: -2.5,
      },
      {
        coupon: 'FLAT10',
        discount: { amount: 10, type: 'fixed', display: '$10.00' },
        uses: 1,
        revenueImpact: -10,
      },
    ],
    pagination: { page: 1, limit: 25, total: 3, totalPages: 1 },
  },
};

const csv = [
  'Coupon,Discount Display,Discount Amount,Discount Type,Uses,Revenue Impact',
  'SAVE15,15%,15,percent,2,-24.00',
  `"'@home",$2.50,2.50,fixed,1,-2.50`,
  'FLAT10,$10.00,10.00,fixed,1,-10.00',
  '',
].join('\r\n');

const csvHeaders = (response: Response) => {
  const type = response.headers.get('content-type');
  const disposition = response.headers.get('content-disposition');
  if (type !== 'text/csv; charset=utf-8') throw new Error(`Content-Type was ${type}`);
  if (disposition !== 'attachment; filename="coupons-used-on-orders_2026-11-01_2026-11-23.csv"') {
    throw new Error(`Content-Disposition was ${disposition}`);
  }
};

const product = [{ productVariationId: 'pv_1', quantity: 1, unitPriceCents: 10_000 }];

interface Coupon {
  readonly code: string;
  readonly discountType: 'percent' | 'fixed';
  readonly discountAmount: number;
  readonly discountCents: number;
}

/** docs/api.md §4.5, §5 and §7 for the coupon report, as one table both adapters run. */
export const couponHttpTable: HttpTable = {
  title: 'coupons: GET /v2/ecommerceReports/coupons/used-on-orders',
  async setup(service) {
    await service.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
    await service.affiliates.upsert({ id: 'aff_2', name: 'Affiliate two', ecommerceEnabled: false });
    const record = async (affiliateId: string, id: string, day: string, coupon?: Coupon) => {
      const at = `2026-11-${day}T10:00:00Z`;
      await service.commerce.recordOrder({
        affiliateId,
        order: {
          id,
          createdAt: at,
          totalCents: 8_500,
          products: product,
          couponRedemptions: coupon ? [{ ...coupon, redeemedAt: at }] : [],
        },
      });
    };
    await record('aff_1', 'ord_1', '02', {
      code: 'SAVE15',
      discountType: 'percent',
      discountAmount: 15,
      discountCents: 1_500,
    });
    await record('aff_1', 'ord_2', '03', {
      code: 'FLAT10',
      discountType: 'fixed',
      discountAmount: 10,
      discountCents: 1_000,
    });
    await record('aff_1', 'ord_3', '04', {
      code: 'SAVE15',
      discountType: 'percent',
      discountAmount: 15,
      discountCents: 900,
    });
    await record('aff_1', 'ord_4', '05', {
      code: '@home',
      discountType: 'fixed',
      discountAmount: 2.5,
      discountCents: 250,
    });
    await record('aff_1', 'ord_5', '06');
    // Another tenant's use of the same code must never show.
    await record('aff_2', 'ord_1', '02', {
      code: 'SAVE15',
      discountType: 'percent',
      discountAmount: 15,
      discountCents: 99_999,
    });
  },
  cases: [
    {
      name: '4.5: the JSON report of month_to_date, sorted by uses, with the summary over every row',
      request: get(),
      expect: { status: 200, body: report },
    },
    {
      name: '5.3: AFFILIATE_SUPER_ADMIN may read the report',
      request: get('', testTokens.superAdmin),
      expect: { status: 200, body: report },
    },
    {
      name: '4.5: export=true answers the CSV attachment of every row, escaped against formula injection',
      request: get('export=true&limit=1'),
      expect: { status: 200, body: csv, check: csvHeaders },
    },
    {
      name: "4.5: export=1 also answers CSV; export=false and '0' answer JSON",
      request: get('export=1'),
      expect: { status: 200, body: csv, check: csvHeaders },
      followUp: [
        { request: get('export=false'), expect: { status: 200, body: report } },
        { request: get('export=0'), expect: { status: 200, body: report } },
      ],
    },
    {
      name: '4.5: explicit defaults give the same answer; unknown parameters are ignored',
      request: get(
        'dateRange=month_to_date&page=1&limit=25&sortBy=uses&sortOrder=desc&productVariationId=all&_=17',
      ),
      expect: { status: 200, body: report },
    },
    {
      name: '4.5: limit and page slice the rows; pagination counts every row',
      request: get('limit=2&page=2'),
      expect: {
        status: 200,
        body: {
          success: true,
          data: {
            ...report.data,
            items: [report.data.items[2]],
            pagination: { page: 2, limit: 2, total: 3, totalPages: 2 },
          },
        },
      },
    },
    {
      name: '5.3 and 7: AFFILIATE_AGENT is refused with 403',
      request: get('', testTokens.agent),
      expect: {
        status: 403,
        body: {
          success: false,
          error: { code: 'FORBIDDEN', message: 'Your role is not allowed to call this endpoint.' },
        },
      },
    },
    {
      name: '5.3: an agent is refused the CSV too',
      request: get('export=true', testTokens.agent),
      expect: { status: 403 },
    },
    {
      name: '5.1 and 7: 401 without a bearer token',
      request: { method: 'GET', path },
      expect: {
        status: 401,
        body: {
          success: false,
          error: { code: 'UNAUTHORIZED', message: 'A valid bearer token is required.' },
        },
      },
    },
    {
      name: '5.1 and 7: 401 for an unknown token',
      request: get('', 'tok_nobody'),
      expect: { status: 401 },
    },
    {
      name: '5.2 and 7: 400 for a token without affiliate context',
      request: get('', testTokens.noAffiliate),
      expect: {
        status: 400,
        body: {
          success: false,
          error: {
            code: 'AFFILIATE_CONTEXT_REQUIRED',
            message: 'This endpoint acts for an affiliate; the token has no affiliate context.',
          },
        },
      },
    },
    {
      name: '5.2: the master token has no affiliate context (400)',
      request: get('', testTokens.master),
      expect: { status: 400 },
    },
    {
      name: '7: 400 MODULE_DISABLED when the affiliate has the ecommerce module disabled',
      request: get('', testTokens.otherSuperAdmin),
      expect: {
        status: 400,
        body: {
          success: false,
          error: { code: 'MODULE_DISABLED', message: 'The ecommerce module is disabled for this affiliate.' },
        },
      },
    },
    {
      name: '7: the CSV is refused too when the module is disabled',
      request: get('export=true', testTokens.otherSuperAdmin),
      expect: { status: 400 },
    },
    invalid('dateRange', 'dateRange=last_week', 'an unknown preset'),
    invalid('dateRange', 'dateRange=', 'an empty preset'),
    invalid('dateRange', 'dateRange=MONTH_TO_DATE', 'a preset in the wrong case'),
    invalid('startDate', 'dateRange=custom', 'custom without dates'),
    invalid('startDate', 'dateRange=custom&endDate=2026-11-10', 'custom without startDate'),
    invalid('endDate', 'dateRange=custom&startDate=2026-11-01', 'custom without endDate'),
    invalid(
      'endDate',
      'dateRange=custom&startDate=2026-11-10&endDate=2026-11-09',
      'an end day before the start day',
    ),
    invalid(
      'endDate',
      `dateRange=custom&startDate=2026-11-10T10:00:00Z&endDate=${encodeURIComponent('2026-11-10T11:00:00+02:00')}`,
      'an end instant before the start instant (offsets applied)',
    ),
    invalid(
      'startDate',
      'dateRange=custom&startDate=2026-02-30&endDate=2026-03-01',
      '2026-02-30 (not a real date)',
    ),
    invalid('startDate', 'dateRange=custom&startDate=2026-13-01&endDate=2026-12-01', 'month 13'),
    invalid('startDate', 'dateRange=custom&startDate=11-01-2026&endDate=2026-11-10', 'MM-DD-YYYY'),
    invalid(
      'startDate',
      'dateRange=custom&startDate=2026-11-01T00:00:00&endDate=2026-11-10',
      'an instant without an offset',
    ),
    invalid('endDate', 'dateRange=custom&startDate=2026-11-01&endDate=yesterday', 'a word'),
    invalid(
      'startDate',
      'dateRange=last_month&startDate=2026-11-01',
      'startDate with a preset other than custom',
    ),
    invalid('endDate', 'endDate=2026-11-01', 'endDate with the default preset'),
    invalid('page', 'page=0', 'page=0'),
    invalid('page', 'page=-1', 'a negative page'),
    invalid('page', 'page=1.5', 'a fractional page'),
    invalid('page', 'page=abc', 'a word'),
    invalid('page', 'page=', 'an empty page'),
    invalid('page', 'page=99999999999999999999', 'a page beyond any integer'),
    invalid('limit', 'limit=0', 'limit=0'),
    invalid('limit', 'limit=101', 'limit=101 (the maximum is 100)'),
    invalid('limit', 'limit=ten', 'a word'),
    invalid('sortBy', 'sortBy=revenue', 'an unknown sort key'),
    invalid('sortOrder', 'sortOrder=descending', 'an unknown sort order'),
    invalid('export', 'export=yes', "export=yes (only 'true' or '1' export)"),
    invalid('productVariationId', 'productVariationId=', 'an empty filter'),
    invalid('campaignId', 'campaignId=%00', 'a control character'),
    {
      name: '4.5: limit=100 (the maximum) and a page past the end answer 200 with no items',
      request: get('limit=100&page=9'),
      expect: {
        status: 200,
        body: {
          success: true,
          data: { ...report.data, items: [], pagination: { page: 9, limit: 100, total: 3, totalPages: 1 } },
        },
      },
    },
    {
      name: 'a wrong method on the report path is 405 with Allow: GET',
      request: { method: 'POST', path, token: testTokens.admin, body: {} },
      expect: {
        status: 405,
        check: (response) => {
          if (response.headers.get('allow') !== 'GET')
            throw new Error(`Allow was ${response.headers.get('allow')}`);
        },
      },
    },
  ],
};
