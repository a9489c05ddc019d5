import type { CouponReportSort, CouponUsageRow } from '../../storage/coupon-report-store';

/**
 * Compares strings by code point, which is the order of their UTF-8 bytes and so of PostgreSQL's
 * `"C"` collation. Plain `<` compares UTF-16 code units and disagrees with it above U+FFFF.
 */
export function compareBytes(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return (i < a.length ? 1 : 0) - (j < b.length ? 1 : 0);
}

const byTerms = (a: CouponUsageRow, b: CouponUsageRow): number =>
  compareBytes(a.discountType, b.discountType) ||
  a.discountAmount - b.discountAmount ||
  compareBytes(a.currency, b.currency);

/**
 * The order of report rows: the chosen key in the chosen direction, then coupon code, discount
 * type, amount and currency, always ascending, so pages never overlap or skip a row. Revenue
 * impact is negative, so sorting it ascending puts the largest discount first.
 *
 * @example
 * rows.sort(compareUsageRows({ by: 'uses', order: 'desc' }))
 */
export function compareUsageRows(sort: CouponReportSort): (a: CouponUsageRow, b: CouponUsageRow) => number {
  const sign = sort.order === 'asc' ? 1 : -1;
  switch (sort.by) {
    case 'uses':
      return (a, b) => sign * (a.uses - b.uses) || compareBytes(a.code, b.code) || byTerms(a, b);
    case 'revenueImpact':
      return (a, b) =>
        sign * (b.discountCents - a.discountCents) || compareBytes(a.code, b.code) || byTerms(a, b);
    case 'coupon':
      return (a, b) => sign * compareBytes(a.code, b.code) || byTerms(a, b);
  }
}
