/** The clock port. Core never reads the system time directly, so tests are exact. */
export interface Clock {
  now(): Date;
}

/** The system clock. */
export function systemClock(): Clock {
  return { now: () => new Date() };
}
