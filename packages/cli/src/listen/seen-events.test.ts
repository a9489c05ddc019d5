import { describe, expect, it } from 'vitest';
import { seenEvents } from './seen-events';

describe('seenEvents', () => {
  it('lets an id through once', () => {
    const seen = seenEvents();
    expect(seen.firstTime('evt_1')).toBe(true);
    expect(seen.firstTime('evt_1')).toBe(false);
    expect(seen.firstTime('evt_2')).toBe(true);
  });

  it('remembers the newest ids only, so memory stays bounded', () => {
    const seen = seenEvents(3);
    for (const id of ['a', 'b', 'c', 'd']) seen.firstTime(id);
    expect(seen.size).toBe(3);
    expect(seen.firstTime('d')).toBe(false);
    expect(seen.firstTime('b')).toBe(false);
    // 'a' was the oldest and made room for 'd'.
    expect(seen.firstTime('a')).toBe(true);
  });
});
