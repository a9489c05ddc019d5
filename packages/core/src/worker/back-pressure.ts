import type { HttpOutcome } from '../ports/net/http-client';
import { type DeliveryOptions, defaultMaxRetryAfterMs } from './defaults';
import { retryAfterMs } from './retry-schedule';

/** What a receiver's answer asks of its endpoint's deliveries (docs/api.md §11.10). */
export interface BackPressure {
  /** How long it asked to wait (`Retry-After` on a 429 or 503), bounded; absent when it did not. */
  readonly retryAfterMs?: number;
  /** A 429: the receiver is up and pacing us, so the attempt does not count as a circuit breaker failure. */
  readonly throttled: boolean;
}

/**
 * Reads the back-pressure of one answer: `Retry-After` (delta seconds or an HTTP date) counts on
 * a 429 or a 503 only, and is cut to `maxRetryAfterMs` (default 1 hour), at least 1 s.
 *
 * @example backPressureOf({ ok: true, status: 429, headers: { 'retry-after': '30' }, ... }, now, {})
 * // { retryAfterMs: 30_000, throttled: true }
 */
export function backPressureOf(outcome: HttpOutcome, now: Date, options: DeliveryOptions): BackPressure {
  if (!outcome.ok || (outcome.status !== 429 && outcome.status !== 503)) return { throttled: false };
  const ms = retryAfterMs(
    outcome.headers['retry-after'],
    now,
    options.maxRetryAfterMs ?? defaultMaxRetryAfterMs,
  );
  return { throttled: outcome.status === 429, ...(ms === undefined ? {} : { retryAfterMs: ms }) };
}
