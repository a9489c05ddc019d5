import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { couponReportReaders } from './access';
import { couponReportQuerySchema } from './coupon-input';
import { couponReport } from './coupon-report';
import { couponReportViewSchema } from './coupon-view';
import { couponCsvColumns } from './report-csv';

/**
 * Routes of the ecommerce coupon report (docs/api.md §4.5).
 *
 * @returns 400 when the token has no affiliate context, or the affiliate's ecommerce module is
 *   disabled; 401 without a valid token; 403 for an agent; 422 for a bad query parameter
 */
export const couponRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/ecommerceReports/coupons/used-on-orders',
    operationId: 'getCouponsUsedOnOrders',
    summary:
      'Coupon usage and discount impact: uses and negative revenue impact per coupon, with order counts; ' +
      `export=true or 1 answers a CSV attachment (columns ${couponCsvColumns.join(', ')}) of every row.`,
    tags: ['ecommerceReports'],
    access: { kind: 'affiliate', roles: couponReportReaders },
    query: couponReportQuerySchema,
    responses: {
      200: {
        description:
          'The report page as JSON; with export=true or 1, text/csv (charset utf-8) as an attachment ' +
          'named coupons-used-on-orders_<start>_<end>.csv holding every row, not one page.',
        schema: couponReportViewSchema,
      },
      400: {
        description:
          'The token has no affiliate context (AFFILIATE_CONTEXT_REQUIRED), or the ecommerce module is disabled for the affiliate (MODULE_DISABLED).',
        schema: errorEnvelopeSchema,
      },
      422: {
        description:
          'dateRange unknown; custom without both startDate and endDate, or endDate before startDate; ' +
          'startDate or endDate with another preset; bad page, limit, sortBy, sortOrder, export or filter.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['MODULE_DISABLED', 'INVALID_FIELD'],
    handle: ({ actor, query, deps }) => couponReport(deps, { affiliateId: actor.affiliateId, query }),
  }),
];
