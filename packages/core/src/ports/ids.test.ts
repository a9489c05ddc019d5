import { describe, expect, it } from 'vitest';
import { randomIds } from './ids';

describe('randomIds', () => {
  it('prefix, underscore and 20 base-36 characters; no repeats across many refills of its random pool', () => {
    const ids = randomIds();
    const seen = new Set<string>();
    // 256 ids per refill: 10,000 ids cross about 40 refills.
    for (let i = 0; i < 10_000; i += 1) {
      const id = ids.next({ prefix: 'att' });
      expect(id).toMatch(/^att_[0-9a-z]{20}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(10_000);
  });

  it('two generators share nothing: their ids differ', () => {
    const [a, b] = [randomIds(), randomIds()];
    const first = Array.from({ length: 300 }, () => a.next({ prefix: 'x' }));
    const second = new Set(Array.from({ length: 300 }, () => b.next({ prefix: 'x' })));
    expect(first.filter((id) => second.has(id))).toEqual([]);
  });

  it('every character of the alphabet turns up (the bytes are used, not a constant)', () => {
    const ids = randomIds();
    const characters = new Set(
      Array.from({ length: 200 }, () => ids.next({ prefix: 'p' }).slice(2)).join(''),
    );
    expect(characters.size).toBe(36);
  });
});
