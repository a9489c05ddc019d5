import { describe, expect, it } from 'vitest';
import { backoffMs, retryAfterMs } from './retry-after';

describe('Retry-After and back-off (docs/api.md §7, upstream 429)', () => {
  const now = Date.parse('2027-03-01T10:00:00Z');

  it('reads delay-seconds, including fractions, as milliseconds', () => {
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('1.5', now)).toBe(1500);
  });

  it('reads an HTTP date as the time left until it, never negative', () => {
    expect(retryAfterMs('Mon, 01 Mar 2027 10:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Mon, 01 Mar 2027 09:00:00 GMT', now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-3', now)).toBeUndefined();
  });

  it('backs off 1 s, 2 s, 4 s … up to 30 s, within ±20 %', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((retry) => backoffMs(retry, () => 0.5))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(800);
    expect(backoffMs(0, () => 0.999_999)).toBe(1200);
  });
});
