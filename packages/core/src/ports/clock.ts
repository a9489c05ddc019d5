/**
 * The clock port. Core never reads the system time directly, so tests are exact.
 *
 * @example
 * const clock: Clock = { now: () => new Date() };
 */
export interface Clock {
  now(): Date;
}

/** The system clock. @example systemClock().now() */
export function systemClock(): Clock {
  return { now: () => new Date() };
}
