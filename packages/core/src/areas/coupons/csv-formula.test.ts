import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { escapeFormula, startsFormula } from './csv-formula';
import { csvCells, csvLines } from './report-csv';

/** The characters that start a formula, each with the look-alike forms spreadsheets may read as it. */
const formulaStarts: Readonly<Record<string, readonly string[]>> = {
  '=': ['\uFF1D', '\uFE66', '\u207C', '\u208C'],
  '+': ['\uFF0B', '\uFE62', '\u207A', '\u208A', '\u2795', '\u02D6'],
  '-': [
    '\u2212',
    '\uFF0D',
    '\uFE63',
    '\u207B',
    '\u208B',
    '\u2796',
    '\u02D7',
    '\u2010',
    '\u2011',
    '\u2012',
    '\u2013',
    '\u2014',
    '\u2015',
    '\uFE58',
  ],
  '@': ['\uFF20', '\uFE6B'],
  '|': ['\uFF5C', '\u2223'],
  '%': ['\uFF05', '\uFE6A', '\u066A'],
  '\t': [],
  '\r': [],
};
const startCharacters = Object.entries(formulaStarts).flatMap(([ascii, forms]) => [ascii, ...forms]);

/** What a spreadsheet may trim or not show before the first character it reads. */
const blanks = [' ', '\n', '\u00A0', '\u2003', '\u3000', '\u200B', '\u2060', '\uFEFF', '\t', '\r'];

/**
 * A model of the most eager spreadsheet: a cell starting with `'` is text; one starting with tab
 * or carriage return, or with a start character after blanks, is a formula, unless it is a plain
 * negative number.
 */
function readsAsFormula(cell: string): boolean {
  if (cell.startsWith("'") || /^-\d+(\.\d+)?$/.test(cell)) return false;
  if (cell.startsWith('\t') || cell.startsWith('\r')) return true;
  let at = 0;
  while (at < cell.length && blanks.includes(cell[at]!)) at += 1;
  return startCharacters.includes(cell[at] ?? '');
}

const lookalikeCases = Object.entries(formulaStarts).flatMap(([ascii, forms]) =>
  forms.map((form): [string, string] => [
    `U+${form.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`,
    ascii,
  ]),
);

describe('coupon report CSV: formula characters (docs/api.md §4.5)', () => {
  it('4.5 escapes formula starts with a quote, leaving plain negative numbers alone', () => {
    expect(escapeFormula('=1+1')).toBe("'=1+1");
    expect(escapeFormula('+1')).toBe("'+1");
    expect(escapeFormula('-1+1')).toBe("'-1+1");
    expect(escapeFormula('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeFormula('\tx')).toBe("'\tx");
    expect(escapeFormula('\rx')).toBe("'\rx");
    expect(escapeFormula('-12.50')).toBe('-12.50');
    expect(escapeFormula('-5')).toBe('-5');
    expect(escapeFormula('-.5')).toBe("'-.5");
    expect(escapeFormula('SAVE=10')).toBe('SAVE=10');
  });

  it('4.5 escapes a cell starting with | or %, the other characters OWASP lists', () => {
    expect(escapeFormula("|cmd '/C calc'!A0")).toBe("'|cmd '/C calc'!A0");
    expect(escapeFormula('%0A=1+1')).toBe("'%0A=1+1");
  });

  it.each(lookalikeCases)('4.5 escapes a cell starting with %s, a form of %j', (code) => {
    const form = String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    expect(escapeFormula(`${form}HYPERLINK("http://x")`)).toBe(`'${form}HYPERLINK("http://x")`);
    expect(escapeFormula(form)).toBe(`'${form}`);
  });

  it.each([
    [' =1+1'],
    ['  +cmd'],
    ['\n@SUM(A1)'],
    ['\u00A0-1+1'],
    ['\u3000\uFF1D1+1'],
    ['\u200B=1+1'],
    ['\uFEFF|cmd'],
    [' -12.50'],
  ])('4.5 escapes a formula character after leading blanks: %j', (value) => {
    expect(escapeFormula(value)).toBe(`'${value}`);
  });

  it.each([
    'SAVE10',
    'save-10',
    'SAVE=10',
    '10%OFF',
    'A+B',
    "O'Brien",
    ' SAVE',
    '\u00C9T\u00C9',
    '\u590F\u30BB\u30FC\u30EB',
    '\uFF33\uFF21\uFF36\uFF25',
    '',
    ' ',
  ])('4.5 leaves the plain value %j as it is', (value) => {
    expect(escapeFormula(value)).toBe(value);
    expect(startsFormula(value)).toBe(false);
  });

  it('4.5 a report row whose code starts with a look-alike is escaped and quoted in the CSV', () => {
    const cells = csvCells({
      code: '\uFF1DHYPERLINK("http://x")',
      discountType: 'percent',
      discountAmount: 5,
      currency: 'USD',
      uses: 1,
      discountCents: 100,
    });
    expect(cells[0]).toBe('\'\uFF1DHYPERLINK("http://x")');
    expect(cells[5]).toBe('-1.00');
    expect(csvLines([cells])).toBe('"\'\uFF1DHYPERLINK(""http://x"")",5%,5,percent,1,-1.00\r\n');
  });

  it('4.5 property: no cell reads as a formula, and escaping only ever adds one leading quote', () => {
    const risky = fc
      .tuple(
        fc.array(fc.constantFrom(...blanks), { maxLength: 3 }),
        fc.constantFrom(...startCharacters),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
      )
      .map(([lead, start, rest]) => `${lead.join('')}${start}${rest}`);
    const anyText = fc.string({ unit: 'grapheme', maxLength: 12 });
    const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n.toFixed(2));
    fc.assert(
      fc.property(fc.oneof(risky, anyText, number), (value) => {
        const escaped = escapeFormula(value);
        expect(readsAsFormula(escaped)).toBe(false);
        expect(escaped === value || escaped === `'${value}`).toBe(true);
      }),
    );
  });

  it('4.5 property: plain values, and plain negative numbers, come back unchanged through the CSV', () => {
    const plainStart = fc.oneof(
      fc.constantFrom('S', 'a', 'Z', '0', '9', '_', '#', '$', '(', '"', '\u00C9', '\u590F', '\u0416'),
      fc
        .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
        .filter((char) => /^[\p{L}\p{N}]/u.test(char)),
    );
    const plain = fc
      .tuple(plainStart, fc.string({ unit: 'grapheme', maxLength: 12 }))
      .map(([start, rest]) => `${start}${rest}`);
    const negative = fc.integer({ min: -10_000_000, max: -1 }).map((cents) => (cents / 100).toFixed(2));
    fc.assert(
      fc.property(fc.array(fc.oneof(plain, negative), { minLength: 1, maxLength: 6 }), (cells) => {
        const escaped = cells.map(escapeFormula);
        expect(escaped).toEqual(cells);
        const parsed = Papa.parse<string[]>(csvLines([escaped]), { newline: '\r\n' });
        expect(parsed.data[0]).toEqual(cells);
      }),
    );
  });
});
