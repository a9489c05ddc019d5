import { z } from 'zod';
import type { CouponReportFilters, CouponReportSort } from '../../storage/coupon-report-store';
import {
  endOf,
  presetRange,
  type RangeBound,
  type ResolvedRange,
  reportPresets,
  startOf,
} from './report-range';

/** Largest page size of the coupon report (docs/api.md §4.5). */
export const maxReportLimit = 100;
/** Page size when `limit` is absent (docs/api.md §4.5). */
export const defaultReportLimit = 25;

const isoInstant = z.iso.datetime({ offset: true });
const boundMessage =
  'must be a date (YYYY-MM-DD, a whole UTC day) or an ISO 8601 instant with an offset (2026-11-01T00:00:00Z)';

/**
 * Parses a custom bound: `YYYY-MM-DD` as a whole UTC day, or an ISO 8601 instant with an offset.
 *
 * @returns undefined for anything else (no offset, not a real day, a year outside 1000 to 9999)
 */
export function parseRangeBound(value: string): RangeBound | undefined {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const check = new Date(Date.UTC(year, month - 1, date));
    // Date.UTC rolls 02-30 over into March; a real day survives the round trip unchanged.
    if (year < 1000 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined;
    return { kind: 'day', year, month, day: date };
  }
  if (!isoInstant.safeParse(value).success) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1000 || at.getUTCFullYear() > 9999)
    return undefined;
  return { kind: 'instant', at };
}

const bound = z.string().transform((value, ctx): RangeBound => {
  const parsed = parseRangeBound(value);
  if (parsed) return parsed;
  ctx.addIssue({ code: 'custom', message: boundMessage });
  return z.NEVER;
});

const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .default(fallback);

const filter = z
  .string()
  .min(1, "must be an id, or 'all'")
  .max(200)
  .regex(/^[^\p{Cc}]+$/u, 'must not contain control characters')
  .transform((value) => (value === 'all' ? undefined : value));

/**
 * The query of GET /v2/ecommerceReports/coupons/used-on-orders (docs/api.md §4.5): every
 * failure is 422 INVALID_FIELD naming the parameter. Unknown parameters are ignored, as cache
 * busters are.
 */
export const couponReportQuerySchema = z
  .object({
    dateRange: z
      .enum(reportPresets, { error: `must be one of ${reportPresets.join(', ')}` })
      .default('month_to_date'),
    startDate: bound.optional(),
    endDate: bound.optional(),
    productVariationId: filter.optional(),
    campaignId: filter.optional(),
    page: wholeNumber(1, 1_000_000, 1),
    limit: wholeNumber(1, maxReportLimit, defaultReportLimit),
    sortBy: z
      .enum(['uses', 'revenueImpact', 'coupon'], { error: 'must be uses, revenueImpact or coupon' })
      .default('uses'),
    sortOrder: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
    export: z
      .enum(['true', '1', 'false', '0'], { error: "must be 'true' or '1' (CSV), or 'false' or '0'" })
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
  })
  .superRefine((query, ctx) => {
    if (query.dateRange !== 'custom') {
      for (const key of ['startDate', 'endDate'] as const) {
        if (query[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is only allowed with dateRange=custom' });
      }
      return;
    }
    if (!query.startDate)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'is required when dateRange is custom' });
    else if (!query.endDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'is required when dateRange is custom' });
    else if (endOf(query.endDate) < startOf(query.startDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
    }
  });

/** The parsed query. */
export type CouponReportQueryInput = z.output<typeof couponReportQuerySchema>;

/** What the report asks of storage, resolved against the clock. */
export interface ResolvedReportQuery {
  readonly range: ResolvedRange;
  readonly filters: CouponReportFilters;
  readonly sort: CouponReportSort;
  readonly page: { readonly number: number; readonly size: number };
  readonly format: 'json' | 'csv';
}

/**
 * Turns the parsed query into a range (presets resolved in UTC against `now`), filters, sort and
 * page.
 */
export function resolveReportQuery(query: CouponReportQueryInput, now: Date): ResolvedReportQuery {
  const range: ResolvedRange =
    query.dateRange === 'custom'
      ? { preset: 'custom', start: startOf(query.startDate!), end: endOf(query.endDate!) }
      : presetRange(query.dateRange, now);
  return {
    range,
    filters: {
      ...(query.productVariationId === undefined ? {} : { productVariationId: query.productVariationId }),
      ...(query.campaignId === undefined ? {} : { campaignId: query.campaignId }),
    },
    sort: { by: query.sortBy, order: query.sortOrder },
    page: { number: query.page, size: query.limit },
    format: query.export ? 'csv' : 'json',
  };
}
