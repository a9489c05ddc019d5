import type { ReportRange } from '../../storage/coupon-report-store';

/** The date-range presets of the coupon report (docs/api.md §4.5), all in UTC. */
export const reportPresets = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'last_90_days',
  'month_to_date',
  'last_month',
  'quarter_to_date',
  'year_to_date',
  'custom',
] as const;

/** A preset name, or `custom`. */
export type ReportPreset = (typeof reportPresets)[number];

/** A custom range bound as sent: a whole UTC day, or an exact instant. */
export type RangeBound =
  | { readonly kind: 'day'; readonly year: number; readonly month: number; readonly day: number }
  | { readonly kind: 'instant'; readonly at: Date };

/** A resolved range and the preset it came from. */
export interface ResolvedRange extends ReportRange {
  readonly preset: ReportPreset;
}

const dayMs = 86_400_000;

const utcDay = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));

/** The first millisecond of a custom start bound (a day starts at 00:00:00.000 UTC). */
export function startOf(bound: RangeBound): Date {
  return bound.kind === 'instant' ? bound.at : utcDay(bound.year, bound.month - 1, bound.day);
}

/** The last millisecond of a custom end bound (a day is included whole, to 23:59:59.999 UTC). */
export function endOf(bound: RangeBound): Date {
  if (bound.kind === 'instant') return bound.at;
  return new Date(utcDay(bound.year, bound.month - 1, bound.day).getTime() + dayMs - 1);
}

/**
 * Resolves a preset against the clock, in UTC. The "to date" presets and `last_N_days` end at
 * `now`; `last_N_days` are the N calendar days ending today (today included); `yesterday` and
 * `last_month` are whole closed periods.
 */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, now: Date): ResolvedRange {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const today = utcDay(year, month, now.getUTCDate());
  const daysBack = (days: number) => new Date(today.getTime() - days * dayMs);
  const toNow = (start: Date): ResolvedRange => ({ preset, start, end: now });
  switch (preset) {
    case 'today':
      return toNow(today);
    case 'yesterday':
      return { preset, start: daysBack(1), end: new Date(today.getTime() - 1) };
    case 'last_7_days':
      return toNow(daysBack(6));
    case 'last_30_days':
      return toNow(daysBack(29));
    case 'last_90_days':
      return toNow(daysBack(89));
    case 'month_to_date':
      return toNow(utcDay(year, month, 1));
    case 'last_month':
      return {
        preset,
        start: utcDay(year, month - 1, 1),
        end: new Date(utcDay(year, month, 1).getTime() - 1),
      };
    case 'quarter_to_date':
      return toNow(utcDay(year, month - (month % 3), 1));
    case 'year_to_date':
      return toNow(utcDay(year, 0, 1));
  }
}
