import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsText, couponPct, discountDisplay, revenueImpact, unitsOf } from './coupon-view';

describe('coupon report view (docs/api.md §4.5)', () => {
  it('4.5 ordersWithCouponPct is a percentage rounded half up to two decimals, 0 with no orders', () => {
    expect(couponPct(0, 0)).toBe(0);
    expect(couponPct(1, 3)).toBe(33.33);
    expect(couponPct(2, 3)).toBe(66.67);
    expect(couponPct(1, 8)).toBe(12.5);
    expect(couponPct(1, 20_001)).toBe(0);
    expect(couponPct(1, 20_000)).toBe(0.01);
    expect(couponPct(7, 7)).toBe(100);
  });

  it('4.5 property: the percentage is the nearest hundredth to the exact ratio', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.nat(), (total, seed) => {
        const withCoupon = seed % (total + 1);
        const pct = couponPct(withCoupon, total);
        const exactTimes100 = (withCoupon * 10_000) / total;
        expect(Math.abs(pct * 100 - exactTimes100)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.round(pct * 100) / 100).toBe(pct);
      }),
    );
  });

  it('4.5 revenueImpact is the negated discount in currency units, and never -0', () => {
    expect(revenueImpact(1_500)).toBe(-15);
    expect(revenueImpact(1)).toBe(-0.01);
    expect(Object.is(revenueImpact(0), 0)).toBe(true);
    expect(unitsOf(12_345)).toBe(123.45);
  });

  it('4.5 property: centsText has exactly two decimals and reads back as the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const text = centsText(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(BigInt(text.replace('.', ''))).toBe(BigInt(cents));
      }),
    );
  });

  it('4.5 discount.display: 15% for percent, the money in its currency for fixed', () => {
    expect(discountDisplay({ discountType: 'percent', discountAmount: 15, currency: 'USD' })).toBe('15%');
    expect(discountDisplay({ discountType: 'percent', discountAmount: 12.5, currency: 'USD' })).toBe('12.5%');
    expect(discountDisplay({ discountType: 'fixed', discountAmount: 10, currency: 'USD' })).toBe('$10.00');
    expect(discountDisplay({ discountType: 'fixed', discountAmount: 1234.5, currency: 'USD' })).toBe(
      '$1,234.50',
    );
    expect(discountDisplay({ discountType: 'fixed', discountAmount: 5.5, currency: 'EUR' })).toBe('€5.50');
    expect(discountDisplay({ discountType: 'fixed', discountAmount: 20, currency: 'CAD' })).toBe('CA$20.00');
  });
});
