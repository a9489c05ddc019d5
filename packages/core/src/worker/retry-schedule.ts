/**
 * Delays before each retry (docs/api.md §11.3, Svix's schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h, so 8 attempts in all. A schedule of N delays gives N + 1 attempts.
 */
export const retryDelaysMs: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

/**
 * When attempt `attempt + 1` is due after attempt `attempt` failed, or undefined when none is
 * left. The delay gets ±20 % jitter; a `Retry-After` (seconds) on 429/503 is honoured within
 * 1× to 2× of the scheduled delay.
 *
 * @example
 * nextAttemptAt({ attempt: 1, failedAt, random: Math.random }) // about 5 s later
 */
export function nextAttemptAt(input: {
  attempt: number;
  failedAt: Date;
  random: () => number;
  retryAfterSeconds?: number;
  delays?: readonly number[];
}): Date | undefined {
  const delays = input.delays ?? retryDelaysMs;
  const base = delays[input.attempt - 1];
  if (base === undefined) return undefined;
  let delay = base * (0.8 + 0.4 * input.random());
  if (input.retryAfterSeconds !== undefined && Number.isFinite(input.retryAfterSeconds)) {
    delay = Math.min(2 * base, Math.max(base, input.retryAfterSeconds * 1000));
  }
  return new Date(input.failedAt.getTime() + Math.round(delay));
}

/** A `Retry-After` value in seconds (delta or HTTP date), or undefined. */
export function retryAfterSeconds(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now.getTime()) / 1000);
}
