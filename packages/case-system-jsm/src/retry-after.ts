/**
 * Milliseconds to wait according to a `Retry-After` header: delay-seconds (Atlassian's form) or an
 * HTTP date. Undefined when the header is absent or unreadable, so the caller backs off instead.
 *
 * @example
 * retryAfterMs('3', Date.now()) // 3000
 */
export function retryAfterMs(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text) * 1000);
  // Every HTTP-date form starts with a day name; without this, Date.parse reads '-3' as a year.
  const date = /^[A-Za-z]/.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/**
 * Exponential back-off for a 429 without `Retry-After`: 1 s, 2 s, 4 s … capped at 30 s, each
 * spread by ±20 % so that many clients limited together do not retry together.
 *
 * @example
 * backoffMs(2, () => 0.5) // 4000
 */
export function backoffMs(retry: number, random: () => number): number {
  const base = Math.min(30_000, 1000 * 2 ** retry);
  return Math.round(base * (0.8 + 0.4 * random()));
}
