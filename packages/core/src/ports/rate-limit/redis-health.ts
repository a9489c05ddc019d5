import type { Logger } from '../logger';
import {
  countRateLimitFallback,
  rateLimitRedisRecovered,
  rateLimitRedisUnavailable,
} from '../telemetry/rate-limit-telemetry';

/**
 * Where one request is decided: on Redis while it answers (`shared`); during an outage, by the
 * one request at a time that asks Redis again (`probe`), or by the per-instance limiter at once
 * (`local`).
 */
export type RedisCall = 'shared' | 'probe' | 'local';

/** Whether a limiter's Redis answers, as its requests find out; it logs and counts the outages. */
export interface RedisHealth {
  /** Where the next request goes. */
  next(): RedisCall;
  /** Redis decided a request within its deadline; a probe's answer ends the outage. */
  answered(call: RedisCall, bucket: string): void;
  /** A request to Redis failed or missed its deadline; the first since Redis last answered starts an outage. */
  failed(call: RedisCall, bucket: string, error: unknown): void;
  /** A request of `bucket` was decided by the per-instance limiter. */
  decidedLocally(bucket: string): void;
}

/**
 * The outage state of one limiter: a warning when Redis stops answering, one info line when it
 * answers again, and the `rate_limit.fallbacks` count of every request decided locally meanwhile.
 * During an outage only one request at a time waits on Redis, so a Redis that stopped answering
 * without closing its connection holds up one request per deadline, not every request.
 */
export function redisHealth(options: { readonly logger: Logger; readonly now: () => number }): RedisHealth {
  const { logger, now } = options;
  let outage: { since: number; fallbacks: number; probing: boolean } | undefined;
  return {
    next() {
      if (!outage) return 'shared';
      if (outage.probing) return 'local';
      outage.probing = true;
      return 'probe';
    },
    answered(call, bucket) {
      // A request sent before the outage began and answered since proves nothing about now.
      if (call !== 'probe' || !outage) return;
      rateLimitRedisRecovered(logger, { bucket, fallbacks: outage.fallbacks, downMs: now() - outage.since });
      outage = undefined;
    },
    failed(call, bucket, error) {
      if (outage) {
        if (call === 'probe') outage.probing = false;
        return;
      }
      outage = { since: now(), fallbacks: 0, probing: false };
      rateLimitRedisUnavailable(logger, { bucket, cause: error });
    },
    decidedLocally(bucket) {
      if (outage) outage.fallbacks += 1;
      countRateLimitFallback(bucket);
    },
  };
}
