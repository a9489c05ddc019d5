import { retryDelaysOf } from '../areas/webhooks/retry-schedules';
import type { Webhook } from '../storage/webhook-store';
import { type DeliveryOptions, minRetryAfterMs } from './defaults';

/**
 * Delays before each retry (docs/api.md §11.3, Svix's schedule): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h,
 * 10 h, so 8 attempts in all. A schedule of N delays gives N + 1 attempts.
 */
export const retryDelaysMs: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
];

/**
 * When attempt `attempt + 1` is due after attempt `attempt` failed, or undefined when none is
 * left. The delay gets ±20 % jitter; a receiver's `Retry-After` (`retryAfterMs`, already bounded
 * by `retryAfterMs`) replaces it, with no jitter, but gives no attempt beyond the schedule.
 *
 * @example
 * nextAttemptAt({ attempt: 1, failedAt, random: Math.random }) // about 5 s later
 */
export function nextAttemptAt(input: {
  attempt: number;
  failedAt: Date;
  random: () => number;
  retryAfterMs?: number;
  delays?: readonly number[];
}): Date | undefined {
  const delays = input.delays ?? retryDelaysMs;
  const base = delays[input.attempt - 1];
  if (base === undefined) return undefined;
  const delay = input.retryAfterMs ?? base * (0.8 + 0.4 * input.random());
  return new Date(input.failedAt.getTime() + Math.round(delay));
}

/**
 * How long a receiver's `Retry-After` asks to wait, in ms: delta seconds or an HTTP date (taken
 * against `now`), at least {@link minRetryAfterMs} and at most `maxMs`; undefined when the header
 * is absent or is neither.
 *
 * @example retryAfterMs('120', now, 3_600_000) // 120_000
 */
export function retryAfterMs(value: string | undefined, now: Date, maxMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else if (/[a-z]/i.test(text) && !Number.isNaN(Date.parse(text))) ms = Date.parse(text) - now.getTime();
  else return undefined;
  return Math.min(maxMs, Math.max(minRetryAfterMs, ms));
}

/** Where the schedule of a delivery comes from: its endpoint, the host's for its event type, or the service's `delays` (the default unless set). */
export type RetryScheduleSource = 'endpoint' | 'event_type' | 'service';

/**
 * The retry schedule in force for a delivery of `eventType` to `webhook`: the endpoint's own,
 * else the host's for the event type (`retrySchedules`), else `delays` (default {@link retryDelaysMs}).
 *
 * @example scheduleInForce({ webhook, eventType: 'order_created', options: {} }) // { source: 'service', delaysMs: [5000, ...] }
 */
export function scheduleInForce(input: {
  readonly webhook?: Pick<Webhook, 'retrySchedule'>;
  readonly eventType: string;
  readonly options: Pick<DeliveryOptions, 'delays' | 'retrySchedules'>;
}): { readonly source: RetryScheduleSource; readonly delaysMs: readonly number[] } {
  const own = input.webhook?.retrySchedule;
  if (own) return { source: 'endpoint', delaysMs: retryDelaysOf(own) };
  const byType = input.options.retrySchedules?.[input.eventType];
  if (byType) return { source: 'event_type', delaysMs: retryDelaysOf(byType) };
  return { source: 'service', delaysMs: input.options.delays ?? retryDelaysMs };
}
