import { z } from 'zod';
import type { CouponReportPage, CouponUsageRow } from '../../storage/coupon-report-store';
import type { ResolvedReportQuery } from './coupon-input';
import { reportPresets } from './report-range';

/** The JSON answer of the coupon report, exactly the fields of docs/api.md §4.5. */
export const couponReportViewSchema = z.object({
  success: z.literal(true),
  data: z.object({
    range: z.object({
      startDate: z.iso.datetime(),
      endDate: z.iso.datetime(),
      preset: z.enum(reportPresets),
    }),
    summary: z.object({
      ordersWithCoupon: z.number().int().min(0),
      totalOrders: z.number().int().min(0),
      ordersWithCouponPct: z.number().min(0),
      totalDiscounted: z.number().min(0),
    }),
    items: z.array(
      z.object({
        coupon: z.string(),
        discount: z.object({ amount: z.number(), type: z.enum(['percent', 'fixed']), display: z.string() }),
        uses: z.number().int().min(1),
        revenueImpact: z.number().max(0),
      }),
    ),
    pagination: z.object({
      page: z.number().int().min(1),
      limit: z.number().int().min(1),
      total: z.number().int().min(0),
      totalPages: z.number().int().min(0),
    }),
  }),
});

/** The JSON answer of the coupon report. */
export type CouponReportView = z.infer<typeof couponReportViewSchema>;

/** Integer cents as a number of currency units (two decimals at most, exact). */
export const unitsOf = (cents: number): number => cents / 100;

/**
 * Integer cents as text with exactly two decimals, built from the integer so no float rounding
 * can creep in.
 */
export function centsText(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Revenue impact: the negated sum of discounts, in currency units (never `-0`). */
export const revenueImpact = (discountCents: number): number =>
  discountCents === 0 ? 0 : -discountCents / 100;

const currencyFormats = new Map<string, Intl.NumberFormat>();

/**
 * The display text of a coupon's discount: `15%`, or the money in its currency with two
 * decimals (`$10.00`, `€5.50`, `CA$20.00`).
 */
export function discountDisplay(
  row: Pick<CouponUsageRow, 'discountType' | 'discountAmount' | 'currency'>,
): string {
  if (row.discountType === 'percent') return `${row.discountAmount}%`;
  let format = currencyFormats.get(row.currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: row.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(row.currency, format);
  }
  return format.format(row.discountAmount);
}

/**
 * The share of orders with a coupon, in percent rounded half up to two decimals; 0 with no
 * orders. Computed on integers, so 1 of 8 is exactly 12.5.
 */
export function couponPct(ordersWithCoupon: number, totalOrders: number): number {
  if (totalOrders === 0) return 0;
  return Math.round((ordersWithCoupon * 10_000) / totalOrders) / 100;
}

/** Builds the docs/api.md §4.5 JSON answer from one page of the report. */
export function toCouponReportView(query: ResolvedReportQuery, page: CouponReportPage): CouponReportView {
  const { summary } = page;
  return {
    success: true,
    data: {
      range: {
        startDate: query.range.start.toISOString(),
        endDate: query.range.end.toISOString(),
        preset: query.range.preset,
      },
      summary: {
        ordersWithCoupon: summary.ordersWithCoupon,
        totalOrders: summary.totalOrders,
        ordersWithCouponPct: couponPct(summary.ordersWithCoupon, summary.totalOrders),
        totalDiscounted: unitsOf(summary.discountCents),
      },
      items: page.rows.map((row) => ({
        coupon: row.code,
        discount: { amount: row.discountAmount, type: row.discountType, display: discountDisplay(row) },
        uses: row.uses,
        revenueImpact: revenueImpact(row.discountCents),
      })),
      pagination: {
        page: query.page.number,
        limit: query.page.size,
        total: page.total,
        totalPages: Math.ceil(page.total / query.page.size),
      },
    },
  };
}
