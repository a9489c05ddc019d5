import * as nodeUrl from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { domainToUnicode } from './domain-to-unicode';

/** Node's ASCII form of a text, when that form is one Punycode label; undefined otherwise. */
function asPunycodeLabel(text: string): string | undefined {
  const ascii = nodeUrl.domainToASCII(text);
  return ascii.startsWith('xn--') && !ascii.includes('.') ? ascii : undefined;
}

function expectSameAsNode(label: string): void {
  expect({ label, unicode: domainToUnicode(label) }).toEqual({
    label,
    unicode: nodeUrl.domainToUnicode(label),
  });
}

/** Code point ranges that exercise the checks on a decoded label: scripts, marks, digits, joiners. */
const interestingRanges: readonly [number, number][] = [
  [0x61, 0x7a], // Latin letters
  [0x30, 0x39], // digits
  [0x2d, 0x2d], // hyphen
  [0x21, 0x22], // punctuation a host allows
  [0x5f, 0x60],
  [0xdf, 0xdf], // sharp s
  [0x3c2, 0x3c2], // final sigma
  [0x300, 0x36f], // combining diacritics
  [0x591, 0x5c7], // Hebrew marks
  [0x5d0, 0x5ea], // Hebrew letters
  [0x620, 0x64a], // Arabic letters
  [0x64b, 0x65f], // Arabic marks
  [0x660, 0x669], // Arabic-Indic digits
  [0x6f0, 0x6f9], // extended Arabic-Indic digits
  [0x700, 0x8ff], // Syriac, Thaana, NKo and more right-to-left scripts
  [0x915, 0x94d], // Devanagari letters and virama
  [0x200c, 0x200d], // joiners
  [0x80, 0x2fff],
  [0x4e00, 0x9fff], // CJK
  [0xfb1d, 0xfdff], // presentation forms
  [0x10800, 0x10fff], // historic right-to-left scripts
  [0x1e800, 0x1efff],
  [0, 0x10ffff],
];

const interestingCodePoint = fc
  .constantFrom(...interestingRanges)
  .chain(([low, high]) => fc.integer({ min: low, max: high }))
  .filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff);

const interestingText = fc
  .array(interestingCodePoint, { minLength: 1, maxLength: 8 })
  .map((codePoints) => String.fromCodePoint(...codePoints));

const punycodeGarbage = fc
  .string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'), maxLength: 14 })
  .map((rest) => `xn--${rest}`);

const named: readonly [string, string][] = [
  ['xn--mnchen-3ya', 'münchen'],
  ['xn--bcher-kva', 'bücher'],
  ['xn--80aafi6cg', 'правда'],
  ['xn--80ak6aa92e', 'аррӏе'], // Cyrillic letters that look like "apple"
  ['xn--mgbh0fb', 'مثال'],
  ['xn--zca', 'ß'],
  ['XN--MNCHEN-3YA', 'münchen'],
  ['xn---zca', 'ß'],
  ['xn--abc-', 'abc'],
  ['xn--a-b-', 'a-b'],
  ['shop', 'shop'],
  ['xn--', ''], // decodes to nothing
  ['xn---', ''], // decodes to nothing
  ['xn--a', ''], // truncated number
  ['xn--abc', ''], // decodes to a code point that does not exist
  ['xn--99999999999', ''], // overflow
  ['xn--a_b', ''], // not a Punycode digit
  ['xn--ß', ''], // not ASCII
  ['xn--a-xbb', ''], // a letter and a combining mark that NFC would compose
  ['xn--a-wbb', ''], // a label may not start with a combining mark
  ['xn--7ba', ''], // upper-case letters are case-folded, so refused
  ['xn--a-zhc', ''], // a right-to-left letter followed by a left-to-right one
  ['xn--a-0hc', 'a\u05d0'], // Node checks a left-to-right label only up to its last character
  ['xn--0ug', ''], // a lone non-joiner
  ['xn--11b6iv14e', '\u0915\u094d\u200c'], // a non-joiner after a virama
  ['xn--ngba799q', '\u0628\u200c\u0628'], // a non-joiner between joining letters
  ['xn--zca-', 'zca'], // basic code points only
  ['xn--y78a', ''], // a letter newer than Node's Unicode 15.0 tables
  ['xn--4db810g', '\u05d0\u1734'], // a spacing mark that Node counts as non-spacing
  ['xn--4db83l', ''], // a mark that Node's older data gives no bidi class
];

describe('domainToUnicode', () => {
  it.each(named)('%s becomes %j, as in Node', (label, unicode) => {
    expect(domainToUnicode(label)).toBe(unicode);
    expectSameAsNode(label);
  });

  it('lower-cases labels that are not Punycode and puts them in NFC', () => {
    expect(domainToUnicode('Shop')).toBe('shop');
    expect(domainToUnicode('MÜNCHEN')).toBe('münchen');
    expect(domainToUnicode('mu\u0308nchen')).toBe('münchen');
  });

  it('gives an empty string for Punycode labels holding what no host may hold', () => {
    for (const label of ['xn--a.b-', 'xn--a/b-', 'xn--a%41-', 'xn--a b-', 'xn--a\u0000-', 'xn--a#-']) {
      expect(domainToUnicode(label)).toBe('');
    }
  });

  it('decodes what Node encodes from random graphemes as Node does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }), (text) => {
        const label = asPunycodeLabel(text);
        fc.pre(label !== undefined);
        expectSameAsNode(label!);
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes what Node encodes from random code points as Node does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }), (text) => {
        const label = asPunycodeLabel(text);
        fc.pre(label !== undefined);
        expectSameAsNode(label!);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts and refuses Punycode of mixed scripts, marks, digits and joiners as Node does', () => {
    fc.assert(
      fc.property(interestingText, (text) => {
        const encoded = asPunycodeLabel(text);
        const decoded = encoded === undefined ? undefined : nodeUrl.domainToUnicode(encoded);
        fc.pre(decoded !== undefined && decoded !== '');
        expectSameAsNode(encoded!);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives what Node gives for random Punycode digits, empty whenever Node refuses', () => {
    fc.assert(
      fc.property(punycodeGarbage, (label) => {
        const node = nodeUrl.domainToUnicode(label);
        if (node === '') expect(domainToUnicode(label)).toBe('');
        else expect(domainToUnicode(label)).toBe(node);
      }),
      { numRuns: 5000 },
    );
  });

  it('returns a label unchanged when Node already considers it canonical', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }), (text) => {
        const canonical = nodeUrl.domainToUnicode(nodeUrl.domainToASCII(text));
        fc.pre(canonical !== '' && !canonical.includes('.') && !canonical.startsWith('xn--'));
        expect(domainToUnicode(canonical)).toBe(canonical);
      }),
      { numRuns: 1000 },
    );
  });
});
