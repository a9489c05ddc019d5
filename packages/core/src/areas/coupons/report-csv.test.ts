import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../ports/logger';
import type { CouponUsageRow } from '../../storage/coupon-report-store';
import { escapeFormula } from './csv-formula';
import { couponCsvColumns, csvCells, csvFileName, csvLines, csvResponse } from './report-csv';

describe('coupon report CSV (docs/api.md §4.5)', () => {
  it('4.5 property: papaparse reads the lines back to the same cells, one row per line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 6, maxLength: 6 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const escaped = rows.map((row) => row.map(escapeFormula));
          const parsed = Papa.parse<string[]>(csvLines(escaped), { newline: '\r\n', skipEmptyLines: false });
          expect(parsed.data.slice(0, -1)).toEqual(escaped);
          expect(parsed.data.at(-1)).toEqual(['']);
        },
      ),
    );
  });

  it('4.5 the cells of a row: display, two-decimal money, negative revenue impact', () => {
    const row = (overrides: Partial<CouponUsageRow>): CouponUsageRow => ({
      code: 'SAVE15',
      discountType: 'percent',
      discountAmount: 15,
      currency: 'USD',
      uses: 3,
      discountCents: 4_505,
      ...overrides,
    });
    expect(csvCells(row({}))).toEqual(['SAVE15', '15%', '15', 'percent', '3', '-45.05']);
    expect(csvCells(row({ discountType: 'fixed', discountAmount: 10, discountCents: 0 }))).toEqual([
      'SAVE15',
      '$10.00',
      '10.00',
      'fixed',
      '3',
      '0.00',
    ]);
    expect(csvCells(row({ code: '+cmd' }))[0]).toBe("'+cmd");
  });

  it('4.5 the file name carries the UTC dates of the range', () => {
    expect(
      csvFileName({
        preset: 'custom',
        start: new Date('2025-12-31T23:45:00Z'),
        end: new Date('2026-01-01T00:15:00Z'),
      }),
    ).toBe('coupons-used-on-orders_2025-12-31_2026-01-01.csv');
  });

  it('4.5 the stream pulls rows only as the reader reads, and stops the source when cancelled', async () => {
    let produced = 0;
    let finished = false;
    async function* rows(): AsyncGenerator<CouponUsageRow> {
      try {
        for (;;) {
          produced += 1;
          yield {
            code: `C${produced}`,
            discountType: 'percent',
            discountAmount: 5,
            currency: 'USD',
            uses: 1,
            discountCents: 1,
          };
        }
      } finally {
        finished = true;
      }
    }
    const response = csvResponse(
      rows(),
      { preset: 'today', start: new Date(0), end: new Date(0) },
      silentLogger(),
    );
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.startsWith(`${couponCsvColumns.join(',')}\r\nC1,5%,5,percent,1,-0.01\r\n`)).toBe(true);
    const afterOneChunk = produced;
    expect(afterOneChunk).toBeLessThan(2_000);
    await reader.cancel();
    expect(finished).toBe(true);
    expect(produced).toBeLessThan(afterOneChunk + 1_000);
  });

  it('4.5 an empty report is the header line alone', async () => {
    async function* none(): AsyncGenerator<CouponUsageRow> {}
    const response = csvResponse(
      none(),
      { preset: 'today', start: new Date(0), end: new Date(0) },
      silentLogger(),
    );
    expect(await response.text()).toBe(`${couponCsvColumns.join(',')}\r\n`);
  });
});
