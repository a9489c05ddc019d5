import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../base/validate';
import { couponReportQuerySchema, parseRangeBound, resolveReportQuery } from './coupon-input';

const now = new Date('2026-11-23T10:00:00.000Z');
const parse = (query: Record<string, string>) => validate(couponReportQuerySchema, query, 'query');

describe('coupon report query (docs/api.md §4.5)', () => {
  it('4.5 defaults: month_to_date, page 1, limit 25, uses desc, JSON, no filters', () => {
    expect(resolveReportQuery(parse({})._unsafeUnwrap(), now)).toEqual({
      range: { preset: 'month_to_date', start: new Date('2026-11-01T00:00:00.000Z'), end: now },
      filters: {},
      sort: { by: 'uses', order: 'desc' },
      page: { number: 1, size: 25 },
      format: 'json',
    });
  });

  it('4.5 custom days are whole UTC days, both included; instants keep their offset', () => {
    const days = parse({
      dateRange: 'custom',
      startDate: '2026-02-28',
      endDate: '2026-03-01',
    })._unsafeUnwrap();
    expect(resolveReportQuery(days, now).range).toEqual({
      preset: 'custom',
      start: new Date('2026-02-28T00:00:00.000Z'),
      end: new Date('2026-03-01T23:59:59.999Z'),
    });
    const instants = parse({
      dateRange: 'custom',
      startDate: '2026-03-01T00:30:00+05:30',
      endDate: '2026-03-01T00:30:00-05:30',
    })._unsafeUnwrap();
    expect(resolveReportQuery(instants, now).range).toEqual({
      preset: 'custom',
      start: new Date('2026-02-28T19:00:00.000Z'),
      end: new Date('2026-03-01T06:00:00.000Z'),
    });
    const sameDay = parse({ dateRange: 'custom', startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(sameDay.isOk()).toBe(true);
  });

  it("4.5 filters: 'all' is none; sortBy, sortOrder, page, limit and export are read", () => {
    const query = parse({
      productVariationId: 'all',
      campaignId: 'cmp_1',
      sortBy: 'revenueImpact',
      sortOrder: 'asc',
      page: '3',
      limit: '100',
      export: '1',
    })._unsafeUnwrap();
    expect(resolveReportQuery(query, now)).toMatchObject({
      filters: { campaignId: 'cmp_1' },
      sort: { by: 'revenueImpact', order: 'asc' },
      page: { number: 3, size: 100 },
      format: 'csv',
    });
  });

  it('7: every bad value is INVALID_FIELD naming the parameter', () => {
    const cases: [Record<string, string>, string][] = [
      [{ dateRange: 'last_year' }, 'dateRange'],
      [{ dateRange: 'custom', endDate: '2026-01-01' }, 'startDate'],
      [{ dateRange: 'custom', startDate: '2026-01-01' }, 'endDate'],
      [{ dateRange: 'custom', startDate: '2026-01-02', endDate: '2026-01-01' }, 'endDate'],
      [{ dateRange: 'custom', startDate: '2027-02-29', endDate: '2027-03-01' }, 'startDate'],
      [{ dateRange: 'custom', startDate: '0999-01-01', endDate: '2027-03-01' }, 'startDate'],
      [{ dateRange: 'today', endDate: '2026-01-01' }, 'endDate'],
      [{ page: '0' }, 'page'],
      [{ limit: '101' }, 'limit'],
      [{ sortBy: 'Uses' }, 'sortBy'],
      [{ sortOrder: 'DESC' }, 'sortOrder'],
      [{ export: 'TRUE' }, 'export'],
      [{ campaignId: '' }, 'campaignId'],
    ];
    for (const [query, field] of cases) {
      expect(parse(query)._unsafeUnwrapErr()).toMatchObject({ code: 'INVALID_FIELD', field });
    }
  });

  it('4.5 property: every real calendar day parses as that whole UTC day', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1000-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString().slice(0, 10);
          const bound = parseRangeBound(text);
          expect(bound).toEqual({
            kind: 'day',
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
            day: date.getUTCDate(),
          });
        },
      ),
    );
  });

  it('4.5 property: an instant written at any offset parses to the same moment', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-02T00:00:00Z'),
          max: new Date('9999-12-30T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (date, offset) => {
          const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, 23);
          const abs = Math.abs(offset);
          const text = `${local}${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          expect(parseRangeBound(text)).toEqual({ kind: 'instant', at: date });
        },
      ),
    );
  });

  it('4.5 property: any other text is refused, never thrown on', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const bound = parseRangeBound(text);
        if (bound) expect(/^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text)).toBe(true);
      }),
    );
  });

  it('4.5 property: page and limit accept exactly the whole numbers in range', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), fc.string({ maxLength: 6 })),
        (value) => {
          const limit = parse({ limit: value });
          const valid = /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 100;
          expect(limit.isOk()).toBe(valid);
          if (valid) expect(limit._unsafeUnwrap().limit).toBe(Number(value));
        },
      ),
    );
  });
});
