import { describe, expect, it } from 'vitest';
import { barPercent } from './chart';
import { type ReportQuery, reportSearch } from './coupons';

const query: ReportQuery = {
  dateRange: 'last_month',
  startDate: '2026-09-01',
  endDate: '2026-09-30',
  productVariationId: ' ',
  campaignId: 'cmp_spring',
  sortBy: 'revenueImpact',
  sortOrder: 'asc',
  limit: 3,
  page: 2,
};

describe('the coupon report query (docs/coupon-report.md)', () => {
  it('4.5 sends a preset without dates, blank filters left out, the page and limit', () => {
    expect(Object.fromEntries(new URLSearchParams(reportSearch(query)))).toEqual({
      dateRange: 'last_month',
      campaignId: 'cmp_spring',
      sortBy: 'revenueImpact',
      sortOrder: 'asc',
      limit: '3',
      page: '2',
    });
  });

  it('4.5 sends both dates for a custom range, and export=true without paging for the CSV form', () => {
    const params = new URLSearchParams(reportSearch({ ...query, dateRange: 'custom' }, true));
    expect(params.get('startDate')).toBe('2026-09-01');
    expect(params.get('endDate')).toBe('2026-09-30');
    expect(params.get('export')).toBe('true');
    expect(params.has('page')).toBe(false);
    expect(params.has('limit')).toBe(false);
  });
});

describe('the coupon chart', () => {
  it('scales each bar to its measure, a zero still a sliver and never past the track', () => {
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(-250, 500)).toBe(50);
    expect(barPercent(0, 10)).toBe(0.5);
    expect(barPercent(20, 10)).toBe(100);
  });
});
