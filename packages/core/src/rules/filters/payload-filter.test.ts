import { describe, expect, it } from 'vitest';
import {
  filterFieldPaths,
  matchesPayloadFilter,
  type PayloadFilter,
  parsePayloadFilter,
  payloadFilterLimits,
  payloadFilterToJsonPath,
} from './payload-filter';

const parsed = (value: unknown): PayloadFilter => {
  const result = parsePayloadFilter(value);
  if (result.isErr()) throw new Error(`refused at ${result.error.path}: ${result.error.message}`);
  return result.value;
};

const refusal = (value: unknown): { path: string; message: string } => {
  const result = parsePayloadFilter(value);
  if (result.isOk()) throw new Error(`accepted ${JSON.stringify(result.value)}`);
  return result.error;
};

const orderPayload = {
  event_type: 'ecommerce_order_created',
  total_value_cents: 12000,
  currency: 'USD',
  product_variation_ids: ['pv_1', 'pv_2'],
  products: [
    { product_variation_id: 'pv_1', quantity: 1 },
    { product_variation_id: 'pv_2', quantity: 3 },
  ],
  timestamp: '2026-11-26T10:00:00.000Z',
  coupon_code: null,
  attribution: { last: { params: { utm_source: 'google' } } },
};

const matches = (filter: unknown, payload: unknown = orderPayload): boolean =>
  matchesPayloadFilter(parsed(filter), payload);

describe('parsePayloadFilter: what it accepts', () => {
  it('writes shorthand values out as $eq and keeps operator objects', () => {
    expect(parsed({ currency: 'USD', total_value_cents: { $gte: 100, $lt: 20000 } })).toEqual({
      currency: { $eq: 'USD' },
      total_value_cents: { $gte: 100, $lt: 20000 },
    });
  });

  it('accepts $and, $or, $not, $in, $nin, $exists, null and booleans', () => {
    const filter = {
      $and: [{ a: null }, { b: true }],
      $or: [{ c: { $in: ['x', 1, null, false] } }, { d: { $nin: ['y'] } }],
      $not: { e: { $exists: false } },
    };
    expect(parsed(filter)).toEqual({
      $and: [{ a: { $eq: null } }, { b: { $eq: true } }],
      $or: [{ c: { $in: ['x', 1, null, false] } }, { d: { $nin: ['y'] } }],
      $not: { e: { $exists: false } },
    });
  });

  it('accepts dotted paths up to 8 segments of 64 characters', () => {
    const segment = `_${'a'.repeat(63)}`;
    const key = Array.from({ length: 8 }, () => segment).join('.');
    expect(filterFieldPaths(parsed({ [key]: 1 }))).toEqual([key]);
  });

  it('keeps strings with quotes, backslashes, control characters and emoji as they are', () => {
    const text = 'a"b\\c\n\u0001 😀 é';
    expect(parsed({ s: text })).toEqual({ s: { $eq: text } });
  });

  it('stores -0 as 0', () => {
    expect(Object.is((parsed({ n: { $gt: -0 } }).n as { $gt: number }).$gt, 0)).toBe(true);
  });

  it('keeps a field named __proto__ as a plain key', () => {
    const filter = parsed(JSON.parse('{"__proto__": 1}'));
    expect(Object.getPrototypeOf(filter)).toBe(Object.prototype);
    expect(filterFieldPaths(filter)).toEqual(['__proto__']);
  });

  it('accepts filters on objects without a prototype', () => {
    expect(parsed(Object.assign(Object.create(null), { a: 1 }))).toEqual({ a: { $eq: 1 } });
  });

  it('gives back what it stored when read again', () => {
    const once = parsed({ t: { $gt: '2026-11-26T11:00:00+01:00' }, $or: [{ a: 'x' }, { b: { $nin: [1] } }] });
    expect(parsed(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });
});

describe('parsePayloadFilter: timestamps', () => {
  const bound = (value: string): unknown => (parsed({ t: { $gte: value } }).t as { $gte: unknown }).$gte;

  it.each([
    ['2026-11-26T10:00:00Z', '2026-11-26T10:00:00.000Z'],
    ['2026-11-26T10:00:00.5Z', '2026-11-26T10:00:00.500Z'],
    ['2026-11-26T10:00:00.123Z', '2026-11-26T10:00:00.123Z'],
    ['2026-11-26t10:00:00z', '2026-11-26T10:00:00.000Z'],
    ['2026-11-26T11:30:00+01:30', '2026-11-26T10:00:00.000Z'],
    ['2026-11-26T00:00:00-05:00', '2026-11-26T05:00:00.000Z'],
    ['2026-11-26T10:00:00-00:00', '2026-11-26T10:00:00.000Z'],
    ['2027-01-01T00:30:00+01:00', '2026-12-31T23:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ['0000-01-01T00:00:00Z', '0000-01-01T00:00:00.000Z'],
    ['0099-06-01T00:00:00Z', '0099-06-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ])('brings %s to %s', (given, stored) => {
    expect(bound(given)).toBe(stored);
  });

  it.each([
    ['2026-02-30T00:00:00Z', 'is not a real date and time'],
    ['2025-02-29T00:00:00Z', 'is not a real date and time'],
    ['2026-13-01T00:00:00Z', 'is not a real date and time'],
    ['2026-11-26T24:00:00Z', 'is not a real date and time'],
    ['2026-11-26T10:60:00Z', 'is not a real date and time'],
    ['2026-11-26T10:00:60Z', 'is not a real date and time'],
    ['2026-11-26T10:00:00.1234Z', 'at most 3 fraction digits'],
    ['2026-11-26T10:00:00+24:00', 'offset must be Z or ±hh:mm'],
    ['2026-11-26T10:00:00+01:60', 'offset must be Z or ±hh:mm'],
    ['0000-01-01T00:30:00+01:00', 'outside the years 0000 to 9999'],
    ['9999-12-31T23:30:00-01:00', 'outside the years 0000 to 9999'],
    ['2026-11-26T10:00Z', 'RFC 3339 timestamp'],
    ['2026-11-26T10:00:00', 'RFC 3339 timestamp'],
    ['2026-11-26 10:00:00Z', 'RFC 3339 timestamp'],
    ['2026-11-26T10:00:00+0100', 'RFC 3339 timestamp'],
    ['+002026-11-26T10:00:00Z', 'RFC 3339 timestamp'],
    ['2026-11-26', 'RFC 3339 timestamp'],
    ['tomorrow', 'RFC 3339 timestamp'],
    ['', 'RFC 3339 timestamp'],
  ])('refuses %s', (given, message) => {
    const { path, message: said } = refusal({ t: { $gte: given } });
    expect(path).toBe('filter.t.$gte');
    expect(said).toContain(message);
  });

  it('leaves a timestamp compared by $eq as written', () => {
    expect(parsed({ t: '2026-11-26T10:00:00Z' })).toEqual({ t: { $eq: '2026-11-26T10:00:00Z' } });
  });
});

describe('parsePayloadFilter: what it refuses, and where', () => {
  const long = 'x'.repeat(payloadFilterLimits.maxStringLength + 1);
  const deep = (levels: number): unknown => (levels === 1 ? { a: 1 } : { $not: deep(levels - 1) });
  const many = (count: number): Record<string, number> =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}`, i]));

  it.each<[string, unknown, string, string]>([
    ['not an object', 'USD', 'filter', 'must be an object'],
    ['null', null, 'filter', 'not null'],
    ['an array', [{ a: 1 }], 'filter', 'not an array'],
    ['an empty filter', {}, 'filter', 'at least one condition'],
    ['a Date', new Date(0), 'filter', 'must be an object'],
    ['an unknown filter operator', { $nor: [{ a: 1 }] }, 'filter.$nor', 'unknown operator "$nor"'],
    ['an unknown condition operator', { a: { $regex: 'x' } }, 'filter.a.$regex', 'unknown operator "$regex"'],
    ['a nested field object', { a: { b: 1 } }, 'filter.a.b', 'dotted path such as "a.b"'],
    ['an empty condition', { a: {} }, 'filter.a', 'at least one operator'],
    ['a list without $in', { a: [1, 2] }, 'filter.a', '{ "$in": [...] }'],
    ['an undefined value', { a: undefined }, 'filter.a', 'not undefined'],
    ['an array index in a path', { 'a.0': 1 }, 'filter.a.0', 'is not a field path'],
    ['an empty path segment', { 'a..b': 1 }, 'filter.a..b', 'is not a field path'],
    ['a path with a space', { 'a b': 1 }, 'filter["a b"]', 'is not a field path'],
    ['a 65-character segment', { ['a'.repeat(65)]: 1 }, `filter.${'a'.repeat(65)}`, 'at most 64 characters'],
    ['9 path segments', { 'a.b.c.d.e.f.g.h.i': 1 }, 'filter.a.b.c.d.e.f.g.h.i', 'at most 8 are allowed'],
    ['$and not an array', { $and: { a: 1 } }, 'filter.$and', '$and takes an array of filters'],
    ['an empty $or', { $or: [] }, 'filter.$or', '$or takes 1 to 10 filters, not 0'],
    ['11 branches', { $or: Array.from({ length: 11 }, () => ({ a: 1 })) }, 'filter.$or', 'not 11'],
    ['a bad branch', { $or: [{ a: 1 }, 'b'] }, 'filter.$or[1]', 'must be an object'],
    [
      'a bad bound deep inside',
      { $or: [{ a: 1 }, { total_value_cents: { $gt: 'lots' } }] },
      'filter.$or[1].total_value_cents.$gt',
      'RFC 3339 timestamp',
    ],
    ['$not of a non-object', { $not: [] }, 'filter.$not', 'must be an object'],
    ['a boolean bound', { a: { $lt: true } }, 'filter.a.$lt', '$lt takes a number or a timestamp'],
    ['a null bound', { a: { $lte: null } }, 'filter.a.$lte', 'not null'],
    ['an infinite number', { a: Number.POSITIVE_INFINITY }, 'filter.a', 'finite number'],
    ['NaN', { a: { $eq: Number.NaN } }, 'filter.a.$eq', 'finite number'],
    ['an object as $eq', { a: { $eq: { b: 1 } } }, 'filter.a.$eq', 'not an object'],
    ['an array as $neq', { a: { $neq: [1] } }, 'filter.a.$neq', 'not an array'],
    ['a bigint', { a: 1n }, 'filter.a', 'not a bigint'],
    ['$in not an array', { a: { $in: 'x' } }, 'filter.a.$in', '$in takes an array of values'],
    ['an empty $nin', { a: { $nin: [] } }, 'filter.a.$nin', '$nin takes 1 to 50 values, not 0'],
    ['51 $in values', { a: { $in: Array.from({ length: 51 }, (_, i) => i) } }, 'filter.a.$in', 'not 51'],
    ['an object in $in', { a: { $in: [1, { b: 2 }] } }, 'filter.a.$in[1]', 'not an object'],
    ['$exists not a boolean', { a: { $exists: 1 } }, 'filter.a.$exists', '$exists takes true or false'],
    ['a NUL character', { a: 'x\u0000y' }, 'filter.a', 'NUL character'],
    ['a lone surrogate', { a: { $in: ['ok', '\ud83d'] } }, 'filter.a.$in[1]', 'unpaired UTF-16 surrogate'],
    ['a string too long', { a: long }, 'filter.a', 'longer than 1024 characters'],
    ['7 levels of filters', deep(7), 'filter.$not.$not.$not.$not.$not.$not', 'more than 6 levels deep'],
    ['33 conditions', many(33), 'filter.f32', 'more than 32 conditions'],
    ['33 operators', { a: { $gt: 1, $lt: 2 }, ...many(31) }, 'filter.f30', 'more than 32 conditions'],
  ])('refuses %s', (_, value, path, message) => {
    const error = refusal(value);
    expect(error.path).toBe(path);
    expect(error.message).toContain(message);
  });

  it('accepts exactly 6 levels, 32 conditions, 10 branches and 50 values', () => {
    expect(parsePayloadFilter(deep(6)).isOk()).toBe(true);
    expect(parsePayloadFilter(many(32)).isOk()).toBe(true);
    expect(parsePayloadFilter({ $or: Array.from({ length: 10 }, () => ({ a: 1 })) }).isOk()).toBe(true);
    expect(parsePayloadFilter({ a: { $in: Array.from({ length: 50 }, (_, i) => i) } }).isOk()).toBe(true);
  });

  it('counts string length in characters, not UTF-16 units', () => {
    expect(parsePayloadFilter({ a: '😀'.repeat(payloadFilterLimits.maxStringLength) }).isOk()).toBe(true);
  });

  it('refuses a filter over 8 KiB once written out, counting UTF-8 bytes', () => {
    const big = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`f${i}`, 'é'.repeat(500)]));
    const error = refusal(big);
    expect(error.path).toBe('filter');
    expect(error.message).toMatch(/takes \d+ bytes as JSON once read.*at most 8192/);
    const small = Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`f${i}`, 'é'.repeat(500)]));
    expect(parsePayloadFilter(small).isOk()).toBe(true);
  });

  it('refuses, never throws, on exotic objects', () => {
    const throwing = Object.defineProperty({}, 'a', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(refusal(throwing)).toEqual({ path: 'filter', message: 'is not a JSON filter' });
  });
});

describe('filterFieldPaths', () => {
  it('lists each field path once, in order, through $and, $or and $not', () => {
    const filter = parsed({
      currency: 'USD',
      $or: [{ 'attribution.last.params.utm_source': 'google' }, { currency: 'EUR' }],
      $not: { $and: [{ total_value_cents: { $lt: 100 } }] },
    });
    expect(filterFieldPaths(filter)).toEqual([
      'currency',
      'attribution.last.params.utm_source',
      'total_value_cents',
    ]);
  });
});

describe('matchesPayloadFilter', () => {
  it('compares strings, numbers, booleans and null by JSON type', () => {
    expect(matches({ currency: 'USD' })).toBe(true);
    expect(matches({ currency: 'usd' })).toBe(false);
    expect(matches({ total_value_cents: 12000 })).toBe(true);
    expect(matches({ total_value_cents: '12000' })).toBe(false);
    expect(matches({ n: 1 }, { n: true })).toBe(false);
    expect(matches({ n: true }, { n: true })).toBe(true);
    expect(matches({ n: 0 }, { n: false })).toBe(false);
    expect(matches({ n: 1.5 }, { n: 1.5 })).toBe(true);
    expect(matches({ coupon_code: null })).toBe(true);
    expect(matches({ currency: null })).toBe(false);
  });

  it('compares strings by code points, without normalising them', () => {
    expect(matches({ s: 'é' }, { s: 'e\u0301' })).toBe(false);
    expect(matches({ s: 'a"b\\c😀' }, { s: 'a"b\\c😀' })).toBe(true);
  });

  it('orders numbers, and never strings or other types against a number', () => {
    expect(matches({ total_value_cents: { $gt: 10000, $lte: 12000 } })).toBe(true);
    expect(matches({ total_value_cents: { $gt: 12000 } })).toBe(false);
    expect(matches({ n: { $gt: 1 } }, { n: '5' })).toBe(false);
    expect(matches({ n: { $lt: 1 } }, { n: null })).toBe(false);
    expect(matches({ n: { $lt: 0 } }, { n: -0.5 })).toBe(true);
  });

  it('orders canonical UTC timestamps only', () => {
    expect(matches({ timestamp: { $gte: '2026-11-26T11:00:00+01:00' } })).toBe(true);
    expect(matches({ timestamp: { $gt: '2026-11-26T10:00:00Z' } })).toBe(false);
    expect(matches({ timestamp: { $lt: '2026-11-26T10:00:00.001Z' } })).toBe(true);
    expect(matches({ t: { $gt: '2020-01-01T00:00:00Z' } }, { t: '2026-11-26T10:00:00Z' })).toBe(false);
    expect(matches({ t: { $gt: '2020-01-01T00:00:00Z' } }, { t: '2026-11-26T10:00:00.000+00:00' })).toBe(
      false,
    );
    expect(matches({ t: { $gt: '2020-01-01T00:00:00Z' } }, { t: 1_800_000_000_000 })).toBe(false);
  });

  it('looks into arrays: any element may match', () => {
    expect(matches({ product_variation_ids: 'pv_2' })).toBe(true);
    expect(matches({ product_variation_ids: { $in: ['pv_9', 'pv_1'] } })).toBe(true);
    expect(matches({ product_variation_ids: { $nin: ['pv_9', 'pv_1'] } })).toBe(false);
    expect(matches({ product_variation_ids: { $neq: 'pv_1' } })).toBe(false);
    expect(matches({ 'products.product_variation_id': 'pv_2' })).toBe(true);
    expect(matches({ 'products.quantity': { $gt: 2 } })).toBe(true);
    expect(matches({ 'products.quantity': { $gt: 3 } })).toBe(false);
  });

  it('looks one array level deep only', () => {
    expect(matches({ a: 1 }, { a: [[1]] })).toBe(false);
    expect(matches({ 'a.b': 1 }, { a: [[{ b: 1 }]] })).toBe(false);
    expect(matches({ 'a.b': 1 }, { a: [{ b: [1] }] })).toBe(true);
    expect(matches({ a: { $exists: true } }, { a: [[null]] })).toBe(true);
    expect(matches({ a: { $exists: true } }, { a: [null] })).toBe(false);
    expect(matches({ a: { $exists: true } }, { a: [] })).toBe(false);
    expect(matches({ a: null }, { a: [[null]] })).toBe(false);
  });

  it('reads nested fields by dotted path', () => {
    expect(matches({ 'attribution.last.params.utm_source': 'google' })).toBe(true);
    expect(matches({ 'attribution.last.params.utm_source': { $in: ['bing', 'google'] } })).toBe(true);
    expect(matches({ 'attribution.first.params.utm_source': 'google' })).toBe(false);
    expect(matches({ 'currency.code': 'USD' })).toBe(false);
  });

  it('treats a missing field as matching nothing, so $neq, $nin and $exists: false hold', () => {
    expect(matches({ missing: 'x' })).toBe(false);
    expect(matches({ missing: null })).toBe(false);
    expect(matches({ missing: { $gt: 0 } })).toBe(false);
    expect(matches({ missing: { $neq: 'x' } })).toBe(true);
    expect(matches({ missing: { $nin: ['x', null] } })).toBe(true);
    expect(matches({ missing: { $exists: false } })).toBe(true);
    expect(matches({ missing: { $exists: true } })).toBe(false);
  });

  it('treats null as a value that does not exist', () => {
    expect(matches({ coupon_code: { $exists: true } })).toBe(false);
    expect(matches({ coupon_code: { $exists: false } })).toBe(true);
    expect(matches({ coupon_code: { $neq: null } })).toBe(false);
    expect(matches({ coupon_code: { $neq: 'X' } })).toBe(true);
  });

  it('reads only own members, never inherited ones', () => {
    expect(matches({ constructor: { $exists: true } }, {})).toBe(false);
    expect(matches(JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": [1]}'))).toBe(true);
    expect(matches(JSON.parse('{"__proto__": { "$exists": true }}'), {})).toBe(false);
  });

  it('reads the payload as its JSON would be', () => {
    expect(matches({ a: null }, { a: Number.NaN })).toBe(true);
    expect(matches({ a: { $exists: false } }, { a: undefined })).toBe(true);
    expect(matches({ a: null }, { a: [undefined] })).toBe(true);
  });

  it('combines with $and, $or, $not and several entries', () => {
    expect(matches({ currency: 'USD', total_value_cents: { $gte: 12000 } })).toBe(true);
    expect(matches({ currency: 'USD', total_value_cents: { $gt: 12000 } })).toBe(false);
    expect(matches({ $or: [{ currency: 'EUR' }, { total_value_cents: 12000 }] })).toBe(true);
    expect(matches({ $or: [{ currency: 'EUR' }, { total_value_cents: 1 }] })).toBe(false);
    expect(matches({ $and: [{ currency: 'USD' }, { $not: { currency: 'EUR' } }] })).toBe(true);
    expect(matches({ $not: { currency: 'USD' } })).toBe(false);
  });
});

describe('payloadFilterToJsonPath', () => {
  it('quotes every key and type-checks every comparison', () => {
    expect(payloadFilterToJsonPath(parsed({ 'attribution.last.params.utm_source': 'google' }))).toBe(
      '((exists($."attribution"."last"."params"."utm_source" ? (@.type() == "string" && @ == "google"))))',
    );
    expect(payloadFilterToJsonPath(parsed({ n: { $gt: -1.5, $lte: 1e21 } }))).toBe(
      '((exists($."n" ? (@.type() == "number" && @ > -1.5)) && exists($."n" ? (@.type() == "number" && @ <= 1e+21))))',
    );
  });

  it('compares timestamps only with canonical UTC strings', () => {
    expect(payloadFilterToJsonPath(parsed({ t: { $lt: '2026-11-26T10:00:00Z' } }))).toBe(
      '((exists($."t" ? (@.type() == "string" && @ like_regex "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$" && @ < "2026-11-26T10:00:00.000Z"))))',
    );
  });

  it('writes negations, null, $in and $exists', () => {
    const path = payloadFilterToJsonPath(
      parsed({ a: { $neq: null, $nin: ['x', 2, true] }, $not: { b: { $exists: true } } }),
    );
    expect(path).toBe(
      '((!(exists($."a" ? (@.type() == "null"))) && !(exists($."a" ? (((@.type() == "string" && @ == "x") || (@.type() == "number" && @ == 2) || (@.type() == "boolean" && @ == true)))))) && !(((exists($."b" ? (@.type() != "null"))))))',
    );
  });

  it('escapes strings as JSON does', () => {
    expect(payloadFilterToJsonPath(parsed({ s: 'a"b\\c\n\u0001' }))).toContain('@ == "a\\"b\\\\c\\n\\u0001"');
  });

  it('stays a predicate for filters stored without being checked', () => {
    expect(payloadFilterToJsonPath({})).toBe('exists($)');
    expect(payloadFilterToJsonPath({ $or: [] })).toBe('(!(exists($)))');
    expect(matchesPayloadFilter({}, orderPayload)).toBe(true);
    expect(matchesPayloadFilter({ $or: [] }, orderPayload)).toBe(false);
  });
});
