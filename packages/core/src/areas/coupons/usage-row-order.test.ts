import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CouponUsageRow } from '../../storage/coupon-report-store';
import { compareBytes, compareUsageRows } from './usage-row-order';

const utf8 = new TextEncoder();

describe('coupon report row order (docs/api.md §4.5)', () => {
  it('4.5 property: compareBytes orders strings exactly as their UTF-8 bytes (PostgreSQL "C")', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(Math.sign(compareBytes(a, b))).toBe(Math.sign(Buffer.compare(utf8.encode(a), utf8.encode(b))));
      }),
    );
    expect(compareBytes('\uffff', '😀')).toBeLessThan(0);
    expect('\uffff' < '😀').toBe(false);
  });

  const row = fc.record({
    code: fc.constantFrom('A', 'B', 'a', 'Ä'),
    discountType: fc.constantFrom('percent' as const, 'fixed' as const),
    discountAmount: fc.constantFrom(5, 10),
    currency: fc.constantFrom('USD', 'EUR'),
    uses: fc.integer({ min: 1, max: 3 }),
    discountCents: fc.integer({ min: 0, max: 3 }),
  });

  it('4.5 property: every sort is a total order on distinct groups (a stable tie-break)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(row, {
          selector: (r) => `${r.code}|${r.discountType}|${r.discountAmount}|${r.currency}`,
        }),
        fc.constantFrom('uses' as const, 'revenueImpact' as const, 'coupon' as const),
        fc.constantFrom('asc' as const, 'desc' as const),
        (rows: CouponUsageRow[], by, order) => {
          const compare = compareUsageRows({ by, order });
          const once = [...rows].sort(compare);
          expect([...rows].reverse().sort(compare)).toEqual(once);
          for (let i = 1; i < once.length; i += 1) expect(compare(once[i - 1]!, once[i]!)).toBeLessThan(0);
        },
      ),
    );
  });

  it('4.5 revenueImpact ascending puts the largest discount first', () => {
    const small = {
      code: 'S',
      discountType: 'fixed',
      discountAmount: 5,
      currency: 'USD',
      uses: 9,
      discountCents: 500,
    } as const;
    const large = { ...small, code: 'L', discountCents: 9_000 };
    expect([small, large].sort(compareUsageRows({ by: 'revenueImpact', order: 'asc' }))).toEqual([
      large,
      small,
    ]);
    expect([large, small].sort(compareUsageRows({ by: 'revenueImpact', order: 'desc' }))).toEqual([
      small,
      large,
    ]);
  });
});
