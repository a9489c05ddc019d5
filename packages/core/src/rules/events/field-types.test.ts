import { describe, expect, it } from 'vitest';
import { code, count, currency, id, ids, integer, shapeOf, text, timestamp, url } from './field-types';

describe('6.2 field types', () => {
  it.each([
    ['2026-11-23T10:00:00.000Z', '2026-11-23T10:00:00.000Z'],
    ['2026-11-23T10:00:00Z', '2026-11-23T10:00:00Z'],
    ['2026-11-23T10:00+01:00', '2026-11-23T10:00+01:00'],
    [new Date('2026-11-23T10:00:00Z'), '2026-11-23T10:00:00.000Z'],
    ['2026-11-23', undefined],
    ['2026-13-01T00:00:00Z', undefined],
    ['yesterday', undefined],
    [1795428000, undefined],
    [new Date(Number.NaN), undefined],
  ])('timestamp %s → %s', (raw, expected) => {
    expect(timestamp(raw)).toBe(expected);
  });

  it.each([
    ['https://track.example.com/1Z?x=1', 'https://track.example.com/1Z?x=1'],
    ['http://example.com', 'http://example.com'],
    ['https://user:pw@example.com/', undefined],
    ['javascript:alert(1)', undefined],
    ['//example.com/a', undefined],
    ['https://exa mple.com', undefined],
    [`https://example.com/${'a'.repeat(2048)}`, undefined],
  ])('url %s → %s', (raw, expected) => {
    expect(url(raw)).toBe(expected);
  });

  it('currency: three letters, upper case', () => {
    expect(currency('usd')).toBe('USD');
    expect(currency('US')).toBeUndefined();
    expect(currency('US$')).toBeUndefined();
  });

  it('id, code and text: non-blank strings within their length; code is one line', () => {
    expect(id('ord_1')).toBe('ord_1');
    expect(id('  ')).toBeUndefined();
    expect(id(12)).toBeUndefined();
    expect(id('x'.repeat(201))).toBeUndefined();
    expect(code('In progress')).toBe('In progress');
    expect(code('a\nb')).toBeUndefined();
    expect(text('line one\nline two')).toBe('line one\nline two');
    expect(text({ reason: 'x' })).toBeUndefined();
  });

  it('integer and count: exact only', () => {
    expect(integer(' 42 ')).toBe(42);
    expect(integer('-7')).toBe(-7);
    expect(integer('4.5')).toBeUndefined();
    expect(integer(2 ** 53)).toBeUndefined();
    expect(integer('9007199254740993')).toBeUndefined();
    expect(count(-1)).toBeUndefined();
    expect(count('3')).toBe(3);
  });

  it('lists keep the valid items; a list that kept none of several is omitted', () => {
    expect(ids([])).toEqual([]);
    expect(ids(['a', null, 2, 'b'])).toEqual(['a', 'b']);
    expect(ids([null])).toBeUndefined();
    expect(ids('a')).toBeUndefined();
  });

  it('shapes keep declared fields only and honour required ones', () => {
    const shape = shapeOf({ fields: { a: id, b: id }, required: ['a'] });
    expect(shape({ a: 'x', b: null, c: 'y' })).toEqual({ a: 'x' });
    expect(shape({ b: 'x' })).toBeUndefined();
    expect(shape(['a'])).toBeUndefined();
    expect(shapeOf({ fields: { a: id } })({ a: null })).toBeUndefined();
  });
});
