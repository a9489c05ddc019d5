import type { Counter, Meter } from '@opentelemetry/api';
import type { Logger } from '../logger';
import { instruments } from './otel';

const fallbackCounters = new WeakMap<Meter, Counter>();

/** `rate_limit.fallbacks` on the registered meter, made once per meter; undefined while none is registered. */
function fallbackCounter(): Counter | undefined {
  const meter = instruments()?.meter;
  if (!meter) return undefined;
  let counter = fallbackCounters.get(meter);
  if (!counter) {
    counter = meter.createCounter('rate_limit.fallbacks', {
      description: 'Rate-limit decisions made by the per-instance limiter because Redis did not answer.',
      unit: '{request}',
    });
    fallbackCounters.set(meter, counter);
  }
  return counter;
}

/** Counts one request of `bucket` decided by the per-instance limiter on `rate_limit.fallbacks`. */
export function countRateLimitFallback(bucket: string): void {
  fallbackCounter()?.add(1, { 'rate_limit.bucket': bucket });
}

/**
 * The log line (warn, `rate_limit.redis.unavailable`) of a limiter whose Redis stopped deciding:
 * written at the first fallback after Redis last answered, so once per outage.
 */
export function rateLimitRedisUnavailable(
  logger: Logger,
  fields: { readonly bucket: string; readonly cause: unknown },
): void {
  logger.warn('rate limiter cannot reach Redis; limiting per instance', {
    event: 'rate_limit.redis.unavailable',
    ...fields,
  });
}

/**
 * The log line (info, `rate_limit.redis.recovered`) of a limiter whose Redis decides again, with
 * how many requests were limited per instance meanwhile (`fallbacks`) and for how long (`downMs`).
 */
export function rateLimitRedisRecovered(
  logger: Logger,
  fields: { readonly bucket: string; readonly fallbacks: number; readonly downMs: number },
): void {
  logger.info('rate limiter reaches Redis again; limits are shared', {
    event: 'rate_limit.redis.recovered',
    ...fields,
  });
}
