import { compareUsageRows } from '../../areas/coupons/usage-row-order';
import type {
  CouponReportQuery,
  CouponReportStore,
  CouponUsageRow,
  ReportRange,
} from '../../storage/coupon-report-store';
import type { MemoryState } from './memory-state';

const within = (at: Date, range: ReportRange) =>
  at.getTime() >= range.start.getTime() && at.getTime() <= range.end.getTime();

function matchingRedemptions(state: MemoryState, { affiliateId, range, filters }: CouponReportQuery) {
  return [...state.couponRedemptions.values()].filter(
    (r) =>
      r.affiliateId === affiliateId &&
      within(r.redeemedAt, range) &&
      (filters.productVariationId === undefined ||
        r.productVariationIds.includes(filters.productVariationId)) &&
      (filters.campaignId === undefined || r.campaignId === filters.campaignId),
  );
}

function groupedRows(state: MemoryState, query: CouponReportQuery): CouponUsageRow[] {
  const groups = new Map<string, { -readonly [K in keyof CouponUsageRow]: CouponUsageRow[K] }>();
  for (const r of matchingRedemptions(state, query)) {
    const key = JSON.stringify([r.code, r.discountType, r.discountAmount, r.currency]);
    const group = groups.get(key);
    if (group) {
      group.uses += 1;
      group.discountCents += r.discountCents;
    } else {
      groups.set(key, {
        code: r.code,
        discountType: r.discountType,
        discountAmount: r.discountAmount,
        currency: r.currency,
        uses: 1,
        discountCents: r.discountCents,
      });
    }
  }
  return [...groups.values()].sort(compareUsageRows(query.sort));
}

/** The in-memory coupon report: the same rules as the SQL one, computed by scanning the state. */
export function memoryCouponReportStore(state: MemoryState): CouponReportStore {
  return {
    async report(query) {
      const { affiliateId, range, filters, page } = query;
      const rows = groupedRows(state, query);
      const withRedemptions = new Set(
        [...state.couponRedemptions.values()]
          .filter((r) => r.affiliateId === affiliateId)
          .map((r) => r.orderId),
      );
      const orders = [...state.orders.values()].filter(
        (order) =>
          order.affiliateId === affiliateId &&
          within(order.createdAt, range) &&
          (filters.productVariationId === undefined ||
            order.products.some((product) => product.productVariationId === filters.productVariationId)) &&
          (filters.campaignId === undefined || order.campaignId === filters.campaignId),
      );
      const offset = (page.number - 1) * page.size;
      return {
        summary: {
          totalOrders: orders.length,
          ordersWithCoupon: orders.filter((order) => withRedemptions.has(order.id)).length,
          discountCents: rows.reduce((sum, row) => sum + row.discountCents, 0),
        },
        rows: rows.slice(offset, offset + page.size),
        total: rows.length,
      };
    },
    async *reportRows(query) {
      yield* groupedRows(state, query);
    },
  };
}
