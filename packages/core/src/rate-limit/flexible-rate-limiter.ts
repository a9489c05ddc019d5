import {
  type IRateLimiterStoreOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Clock } from '../ports/clock';
import { type BucketLimit, defaultBuckets, type RateLimitDecision, type RateLimiter } from './rate-limiter';

/** Options of {@link flexibleRateLimiter}. */
export interface FlexibleRateLimiterOptions {
  /**
   * An ioredis (or node-redis) client. With it, every service instance sharing the Redis server
   * shares the counters; without it, counters live in this process only.
   */
  readonly redis?: IRateLimiterStoreOptions['storeClient'];
  /** Budgets per bucket, over the defaults ({@link defaultBuckets}: SPEC section 8 and the storefront routes). */
  readonly buckets?: Readonly<Record<string, BucketLimit>>;
  /** Prefix of the Redis keys. Default `affiliate-commerce:rl`. */
  readonly keyPrefix?: string;
  /** Clock for `resetAt`; the window itself is kept by the store. */
  readonly clock?: Clock;
}

/**
 * The rate-limit port on `rate-limiter-flexible`: in memory, or on Redis for many instances.
 * With Redis, a per-process memory limiter is the insurance: if Redis fails, requests are still
 * limited per instance instead of failing or going unlimited.
 *
 * @example
 * const rateLimiter = flexibleRateLimiter({ redis: new Redis(process.env.REDIS_URL) });
 */
export function flexibleRateLimiter(options: FlexibleRateLimiterOptions = {}): RateLimiter {
  // A host's buckets add to or change the defaults; a bucket the route table names is never missing.
  const buckets = { ...defaultBuckets, ...options.buckets };
  const now = () => options.clock?.now().getTime() ?? Date.now();
  const limiters = new Map<string, { limiter: RateLimiterAbstract; limit: BucketLimit }>();
  for (const [bucket, limit] of Object.entries(buckets)) {
    const base = {
      points: limit.points,
      duration: limit.durationSeconds,
      keyPrefix: `${options.keyPrefix ?? 'affiliate-commerce:rl'}:${bucket}`,
    };
    const limiter = options.redis
      ? new RateLimiterRedis({
          ...base,
          storeClient: options.redis,
          insuranceLimiter: new RateLimiterMemory(base),
        })
      : new RateLimiterMemory(base);
    limiters.set(bucket, { limiter, limit });
  }

  const decide = (res: RateLimiterRes, limit: BucketLimit, allowed: boolean): RateLimitDecision => ({
    allowed,
    limit: limit.points,
    remaining: res.remainingPoints,
    resetAt: new Date(now() + res.msBeforeNext),
    ...(allowed ? {} : { retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000) }),
  });

  return {
    async consume({ bucket, key }) {
      const entry = limiters.get(bucket);
      if (!entry)
        throw new TypeError(`@affiliate-commerce/core: no rate-limit bucket named ${JSON.stringify(bucket)}`);
      try {
        return decide(await entry.limiter.consume(key), entry.limit, true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decide(rejection, entry.limit, false);
        throw rejection;
      }
    },
  };
}
