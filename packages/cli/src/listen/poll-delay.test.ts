import { describe, expect, it } from 'vitest';
import { defaultPollTiming, pollDelay } from './poll-delay';

describe('pollDelay', () => {
  it('polls every second while events come and through the first quiet minute', () => {
    expect(pollDelay({ failures: 0, quietMs: 0 })).toBe(1000);
    expect(pollDelay({ failures: 0, quietMs: 60_000 })).toBe(1000);
  });

  it('spaces polls out after a quiet minute, up to every 3 s', () => {
    expect(pollDelay({ failures: 0, quietMs: 60_001 })).toBe(2000);
    expect(pollDelay({ failures: 0, quietMs: 90_001 })).toBe(3000);
    expect(pollDelay({ failures: 0, quietMs: 3_600_000 })).toBe(defaultPollTiming.maxQuietMs);
  });

  it('doubles the wait per failure in a row, up to 5 s', () => {
    expect([1, 2, 3, 4, 10].map((failures) => pollDelay({ failures, quietMs: 0 }))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it('honours a longer Retry-After, up to 30 s, and never waits less than the backoff', () => {
    expect(pollDelay({ failures: 1, quietMs: 0, retryAfterMs: 7000 })).toBe(7000);
    expect(pollDelay({ failures: 1, quietMs: 0, retryAfterMs: 3_600_000 })).toBe(30_000);
    expect(pollDelay({ failures: 4, quietMs: 0, retryAfterMs: 1000 })).toBe(5000);
  });
});
