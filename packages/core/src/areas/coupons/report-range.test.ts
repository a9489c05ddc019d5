import { describe, expect, it } from 'vitest';
import { presetRange } from './report-range';

const iso = (range: { start: Date; end: Date }) => [range.start.toISOString(), range.end.toISOString()];

describe('coupon report presets (docs/api.md §4.5, all UTC)', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');

  it.each([
    ['today', '2026-11-23T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['yesterday', '2026-11-22T00:00:00.000Z', '2026-11-22T23:59:59.999Z'],
    ['last_7_days', '2026-11-17T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['last_30_days', '2026-10-25T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['last_90_days', '2026-08-26T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['month_to_date', '2026-11-01T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['last_month', '2026-10-01T00:00:00.000Z', '2026-10-31T23:59:59.999Z'],
    ['quarter_to_date', '2026-10-01T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['year_to_date', '2026-01-01T00:00:00.000Z', '2026-11-23T10:00:00.000Z'],
  ] as const)('4.5 %s on 2026-11-23T10:00Z is %s to %s', (preset, start, end) => {
    expect(iso(presetRange(preset, now))).toEqual([start, end]);
    expect(presetRange(preset, now).preset).toBe(preset);
  });

  it('4.5 in the first millisecond of a year, last_month and yesterday are in the year before', () => {
    const newYear = new Date('2027-01-01T00:00:00.000Z');
    expect(iso(presetRange('last_month', newYear))).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
    ]);
    expect(iso(presetRange('yesterday', newYear))).toEqual([
      '2026-12-31T00:00:00.000Z',
      '2026-12-31T23:59:59.999Z',
    ]);
    expect(iso(presetRange('year_to_date', newYear))).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    expect(iso(presetRange('last_7_days', newYear))).toEqual([
      '2026-12-26T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  it('4.5 in the last millisecond of a day the presets still belong to that UTC day', () => {
    const late = new Date('2026-03-31T23:59:59.999Z');
    expect(iso(presetRange('today', late))).toEqual(['2026-03-31T00:00:00.000Z', '2026-03-31T23:59:59.999Z']);
    expect(iso(presetRange('quarter_to_date', late))).toEqual([
      '2026-01-01T00:00:00.000Z',
      '2026-03-31T23:59:59.999Z',
    ]);
    expect(iso(presetRange('last_month', late))).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-02-28T23:59:59.999Z',
    ]);
  });

  it('4.5 last_month in March of a leap year ends on 29 February', () => {
    expect(iso(presetRange('last_month', new Date('2028-03-15T12:00:00Z')))).toEqual([
      '2028-02-01T00:00:00.000Z',
      '2028-02-29T23:59:59.999Z',
    ]);
  });

  it('4.5 quarter_to_date starts on the first day of each quarter', () => {
    for (const [now, start] of [
      ['2026-02-10T00:00:00Z', '2026-01-01'],
      ['2026-04-01T00:00:00Z', '2026-04-01'],
      ['2026-09-30T23:00:00Z', '2026-07-01'],
      ['2026-12-31T00:00:00Z', '2026-10-01'],
    ]) {
      expect(presetRange('quarter_to_date', new Date(now!)).start.toISOString()).toBe(
        `${start}T00:00:00.000Z`,
      );
    }
  });
});
