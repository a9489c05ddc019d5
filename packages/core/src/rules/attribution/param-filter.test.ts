import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterParams, isAcceptedKey, isAcceptedValue, type ParamBag } from './param-filter';

/** The accepted unprefixed keys, written out again from docs/api.md §2.8 rule 4 so the test owns its list. */
const specKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_id',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'sccid',
  'epik',
  'rdt_cid',
  'irclickid',
  'li_fat_id',
  'fbp',
  'fbc',
];

const long = (length: number): string => 'a'.repeat(length);
const many = (count: number, prefix = 'svc_k'): [string, string][] =>
  Array.from({ length: count }, (_, index) => [`${prefix}${index}`, `v${index}`]);

const table: ReadonlyArray<{ rule: string; input: [string, unknown][]; bag: ParamBag }> = [
  {
    rule: '2.8 rule 4: "any key beginning svc_ (for example svc_utm_source, svc_utm_medium, svc_utm_campaign)"',
    input: [
      ['svc_utm_source', 'a'],
      ['svc_utm_medium', 'b'],
      ['svc_utm_campaign', 'c'],
      ['svc_anything-else', 'd'],
    ],
    bag: { svc_utm_source: 'a', svc_utm_medium: 'b', svc_utm_campaign: 'c', 'svc_anything-else': 'd' },
  },
  {
    rule: '2.8 rule 4: "utm_source, utm_medium, utm_campaign, utm_content, utm_term, utm_id (no prefix needed)"',
    input: specKeys.slice(0, 6).map((key) => [key, `${key}-value`]),
    bag: Object.fromEntries(specKeys.slice(0, 6).map((key) => [key, `${key}-value`])),
  },
  {
    rule: '2.8 rule 4: click ids gclid … li_fat_id are accepted',
    input: specKeys.slice(6, 19).map((key) => [key, 'click']),
    bag: Object.fromEntries(specKeys.slice(6, 19).map((key) => [key, 'click'])),
  },
  {
    rule: '2.8 rule 4: "browser cookies fbp and fbc"',
    input: [
      ['fbp', 'fb.1.1700000000000.1'],
      ['fbc', 'fb.1.1700000000000.AbC'],
    ],
    bag: { fbp: 'fb.1.1700000000000.1', fbc: 'fb.1.1700000000000.AbC' },
  },
  {
    rule: '2.8 rule 4: "matched case-insensitively; keys are stored and returned exactly as sent"',
    input: [
      ['UTM_Source', 'x'],
      ['GCLID', 'y'],
      ['Svc_Tag', 'z'],
    ],
    bag: { UTM_Source: 'x', GCLID: 'y', Svc_Tag: 'z' },
  },
  {
    rule: '2.8 rule 4: other keys are not accepted',
    input: [
      ['email', 'a@b.c'],
      ['utm_sourcex', 'x'],
      ['ref', 'y'],
      ['_fbp', 'z'],
      ['sv_c', 'q'],
    ],
    bag: {},
  },
  {
    rule: '2.8 rule 5: "When both the prefixed and unprefixed form of a key are sent, both are returned as separate keys"',
    input: [
      ['svc_utm_source', 'prefixed'],
      ['utm_source', 'plain'],
    ],
    bag: { svc_utm_source: 'prefixed', utm_source: 'plain' },
  },
  {
    rule: '4.9: "a landing_url key inside the bag is dropped" (and referrer_url)',
    input: [
      ['landing_url', 'https://shop.example/'],
      ['referrer_url', 'https://ref.example/'],
      ['utm_source', 'x'],
    ],
    bag: { utm_source: 'x' },
  },
  {
    rule: '2.8: the params bag "does not hold URLs"',
    input: [
      ['svc_landing_url', 'https://shop.example/?email=a@b.c'],
      ['utm_source', 'http://ref.example'],
      ['utm_medium', '//cdn.example/x'],
      ['utm_content', 'https:ref.example/?q=1'],
      ['utm_term', 'ftp://files.example/a'],
      ['utm_campaign', 'spring:sale'],
      // Found by the property test: a bare web scheme does not parse as a URL, and is still refused.
      ['utm_id', 'WS:'],
      ['svc_next', ' HTTPS:'],
    ],
    bag: { utm_campaign: 'spring:sale' },
  },
  {
    rule: '8: "Param keys per touch: 25"; excess dropped silently, first 25 kept',
    input: many(30),
    bag: Object.fromEntries(many(25)),
  },
  {
    rule: '8: "Param value length: 512 characters"',
    input: [
      ['utm_source', long(512)],
      ['utm_medium', long(513)],
    ],
    bag: { utm_source: long(512) },
  },
  {
    rule: '8: "Key characters: letters, digits, underscore, hyphen (pattern ^[a-zA-Z0-9_-]+$); dots are rejected"',
    input: [
      ['svc_a.b', 'dot'],
      ['svc_a b', 'space'],
      ['svc_ä', 'letter outside ASCII'],
      ['svc_a-b_C9', 'ok'],
    ],
    bag: { 'svc_a-b_C9': 'ok' },
  },
  {
    rule: '8: "Value characters: printable ASCII, space through tilde"',
    input: [
      ['utm_source', 'café'],
      ['utm_medium', 'tab\there'],
      ['utm_campaign', 'new\nline'],
      ['utm_content', 'del\x7f'],
      ['utm_term', ' ~all printable! "#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ '],
    ],
    bag: { utm_term: ' ~all printable! "#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~ ' },
  },
  {
    rule: '8: "Repeated parameter: first value wins", matched case-insensitively (docs/api.md §8.2)',
    input: [
      ['utm_source', 'first'],
      ['UTM_SOURCE', 'second'],
      ['utm_source', 'third'],
    ],
    bag: { utm_source: 'first' },
  },
  {
    rule: '8: a dropped value does not claim its key; the first acceptable value wins',
    input: [
      ['gclid', long(600)],
      ['GClid', 'kept'],
    ],
    bag: { GClid: 'kept' },
  },
  {
    rule: '8: empty values and values that are not strings are dropped',
    input: [
      ['utm_source', ''],
      ['utm_medium', 7],
      ['utm_campaign', null],
      ['utm_content', { nested: 'x' }],
      ['utm_term', 'ok'],
    ],
    bag: { utm_term: 'ok' },
  },
];

describe('filterParams', () => {
  it.each(table)('$rule', ({ input, bag }) => {
    expect(filterParams(input)).toEqual(bag);
    expect(Object.keys(filterParams(input))).toEqual(Object.keys(bag));
  });

  it('2.8 rule 4: takes URLSearchParams, a Map, pairs or a parsed JSON object alike', () => {
    const expected = { utm_source: 'x', gclid: 'y' };
    expect(filterParams(new URLSearchParams('utm_source=x&gclid=y&email=z'))).toEqual(expected);
    expect(
      filterParams(
        new Map([
          ['utm_source', 'x'],
          ['gclid', 'y'],
        ]),
      ),
    ).toEqual(expected);
    expect(filterParams(JSON.parse('{"utm_source":"x","gclid":"y","email":"z"}'))).toEqual(expected);
  });

  it('8: several sources count toward one limit and the earlier source wins a repeated key', () => {
    const bag = filterParams(
      many(20, 'svc_a'),
      { utm_source: 'second', ...Object.fromEntries(many(10, 'svc_b')) },
      [['UTM_SOURCE', 'third']],
    );
    expect(Object.keys(bag)).toHaveLength(25);
    expect(bag.utm_source).toBe('second');
    expect(bag.UTM_SOURCE).toBeUndefined();
  });

  it('8: junk never throws: undefined, null, strings and malformed pairs are ignored', () => {
    const junk = [undefined, null, 'utm_source=x', [1, 2], ['utm_source'], 'x'] as unknown as [
      string,
      unknown,
    ][];
    expect(filterParams(undefined, null, junk)).toEqual({});
  });

  it('8: a JSON __proto__ key is neither accepted nor able to pollute the bag', () => {
    const bag = filterParams(JSON.parse('{"__proto__":{"polluted":"yes"},"svc_x":"1"}'));
    expect(bag).toEqual({ svc_x: '1' });
    expect(Object.getPrototypeOf(bag)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('isAcceptedKey and isAcceptedValue', () => {
  it('2.8 rule 4: every listed key is accepted in any letter case', () => {
    for (const key of specKeys) {
      expect(isAcceptedKey(key)).toBe(true);
      expect(isAcceptedKey(key.toUpperCase())).toBe(true);
    }
  });

  it('8: a key over 128 characters is refused (decision: bounds storage)', () => {
    expect(isAcceptedKey(`svc_${long(124)}`)).toBe(true);
    expect(isAcceptedKey(`svc_${long(125)}`)).toBe(false);
  });

  it('8: value rules hold for any string (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({ unit: 'grapheme-ascii', maxLength: 600 }),
        ),
        (value) => {
          if (!isAcceptedValue(value)) return;
          expect(value.length).toBeGreaterThan(0);
          expect(value.length).toBeLessThanOrEqual(512);
          expect(value).toMatch(/^[\x20-\x7e]+$/);
        },
      ),
    );
  });
});
