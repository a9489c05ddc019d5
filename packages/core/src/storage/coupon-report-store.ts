import type { DiscountType } from './order-store';

/** A time range, both ends included, to the millisecond. */
export interface ReportRange {
  readonly start: Date;
  readonly end: Date;
}

/** Filters of the coupon report; an absent filter matches everything. */
export interface CouponReportFilters {
  readonly productVariationId?: string;
  readonly campaignId?: string;
}

/** What the report's rows can be sorted by (docs/api.md §4.5). */
export type CouponSortBy = 'uses' | 'revenueImpact' | 'coupon';

/** The sort of the report's rows. Ties always fall back to coupon, discount type, amount, currency. */
export interface CouponReportSort {
  readonly by: CouponSortBy;
  readonly order: 'asc' | 'desc';
}

/** Everything a report query names. */
export interface CouponReportQuery {
  readonly affiliateId: string;
  readonly range: ReportRange;
  readonly filters: CouponReportFilters;
  readonly sort: CouponReportSort;
}

/**
 * One row of the report: the uses of one coupon code with one set of terms (a code whose terms
 * changed over time shows once per set of terms, so each row's discount is true).
 *
 * @example
 * for await (const row of storage.coupons.reportRows(query)) console.log(row.code, row.uses);
 */
export interface CouponUsageRow {
  readonly code: string;
  readonly discountType: DiscountType;
  readonly discountAmount: number;
  readonly currency: string;
  readonly uses: number;
  /** Sum of the discounts of these uses, in integer cents. */
  readonly discountCents: number;
}

/** The summary figures, in counts and integer cents (the view turns them into docs/api.md §4.5 units). */
export interface CouponReportSummary {
  /** Orders created in the range that match the filters (docs/api.md §2.5: on `createdAt`). */
  readonly totalOrders: number;
  /** Of those, the orders that carry at least one coupon redemption (a property of the order). */
  readonly ordersWithCoupon: number;
  /** Sum of the discounts of every matching redemption redeemed in the range. */
  readonly discountCents: number;
}

/** One page of the report, with the summary over every row and the number of rows. */
export interface CouponReportPage {
  readonly summary: CouponReportSummary;
  readonly rows: readonly CouponUsageRow[];
  /** Number of rows over all pages. */
  readonly total: number;
}

/**
 * The coupon report over stored orders and redemptions. Implementations aggregate where the data
 * is (SQL on PostgreSQL) and must give exactly the same answers; the coupon report contract
 * checks that they do.
 *
 * @example
 * const page = await storage.coupons.report({ affiliateId: 'aff_1', range, filters: {},
 *   sort: { by: 'uses', order: 'desc' }, page: { number: 1, size: 25 } });
 */
export interface CouponReportStore {
  report(input: CouponReportQuery & { page: { number: number; size: number } }): Promise<CouponReportPage>;
  /** Every row of the report in order, read in batches so memory stays constant (the CSV export). */
  reportRows(input: CouponReportQuery): AsyncIterable<CouponUsageRow>;
}
