import type { Clock } from '@affiliate-commerce/core';

/** A clock tests move by hand. */
export interface TestClock extends Clock {
  set(instant: Date | string): void;
  advance(milliseconds: number): void;
}

/**
 * A clock that stands still until told to move.
 *
 * @example
 * const clock = testClock('2026-11-23T10:00:00Z'); clock.advance(5_000);
 */
export function testClock(start: Date | string = '2026-01-01T00:00:00.000Z'): TestClock {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    set: (instant) => {
      now = new Date(instant).getTime();
    },
    advance: (milliseconds) => {
      now += milliseconds;
    },
  };
}
