/** How often `listen` asks for new events. */
export interface PollTiming {
  /** Between polls while events come, and after the first failure. */
  readonly intervalMs: number;
  /** Nothing new for this long: polls start to space out. */
  readonly quietAfterMs: number;
  /** The longest wait between polls while nothing comes. */
  readonly maxQuietMs: number;
  /** The longest wait between tries while the API fails (doubling from `intervalMs`). */
  readonly maxFailureMs: number;
  /** The longest `Retry-After` honoured. */
  readonly maxRetryAfterMs: number;
}

/** Every second; after a quiet minute, up to every 3 s; while the API fails, up to every 5 s. */
export const defaultPollTiming: PollTiming = {
  intervalMs: 1000,
  quietAfterMs: 60_000,
  maxQuietMs: 3000,
  maxFailureMs: 5000,
  maxRetryAfterMs: 30_000,
};

/** Where a session stands when it decides how long to wait. */
export interface PollState {
  /** Failed calls in a row; 0 once one succeeds. */
  readonly failures: number;
  /** Time since the last new event (or since the session started). */
  readonly quietMs: number;
  /** The last failure's `Retry-After`, in milliseconds. */
  readonly retryAfterMs?: number | undefined;
}

/**
 * The wait before the next call. Failing: the interval doubled per failure up to
 * `maxFailureMs`, or the answer's `Retry-After` when longer (up to `maxRetryAfterMs`). Quiet for
 * longer than `quietAfterMs`: a second more for each 30 s begun beyond it, up to `maxQuietMs`.
 */
export function pollDelay(state: PollState, timing: PollTiming = defaultPollTiming): number {
  if (state.failures > 0) {
    const backoff = Math.min(timing.intervalMs * 2 ** (state.failures - 1), timing.maxFailureMs);
    return Math.max(backoff, Math.min(state.retryAfterMs ?? 0, timing.maxRetryAfterMs));
  }
  const quietFor = state.quietMs - timing.quietAfterMs;
  if (quietFor <= 0) return timing.intervalMs;
  return Math.min(timing.intervalMs + Math.ceil(quietFor / 30_000) * 1000, timing.maxQuietMs);
}
