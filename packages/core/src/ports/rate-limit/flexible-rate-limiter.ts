import {
  type IRateLimiterStoreOptions,
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Clock } from '../clock';
import { type Logger, silentLogger } from '../logger';
import { type BucketLimit, defaultBuckets, type RateLimitDecision, type RateLimiter } from './rate-limiter';
import { type RedisHealth, redisHealth } from './redis-health';

/** Options of {@link flexibleRateLimiter}. */
export interface FlexibleRateLimiterOptions {
  /**
   * An ioredis (or node-redis) client. With it, every service instance sharing the Redis server
   * shares the counters; without it, counters live in this process only. The limiter listens for
   * the client's `error` events (at debug level on `logger`), so ioredis does not print each
   * failed reconnection as an unhandled error.
   */
  readonly redis?: IRateLimiterStoreOptions['storeClient'];
  /** Budgets per bucket, over the defaults ({@link defaultBuckets}: docs/api.md §8.1). */
  readonly buckets?: Readonly<Record<string, BucketLimit>>;
  /** Prefix of the Redis keys. Default `affiliate-commerce:rl`. */
  readonly keyPrefix?: string;
  /** Clock for `resetAt`; the window itself is kept by the store. */
  readonly clock?: Clock;
  /**
   * How long a request waits for Redis before the per-instance limiter decides it. Default 50 ms.
   * A Redis that is not connected is not waited for at all.
   */
  readonly redisTimeoutMs?: number;
  /**
   * Where an outage of Redis is reported: a warning (`rate_limit.redis.unavailable`) when it stops
   * answering, an info line (`rate_limit.redis.recovered`) when it answers again. Default: a logger
   * that drops everything, as `createService`'s.
   */
  readonly logger?: Logger;
}

/** One bucket's limiters: `shared` on Redis when there is one, `local` in this process. */
interface Bucket {
  readonly limit: BucketLimit;
  readonly local: RateLimiterAbstract;
  readonly shared?: RateLimiterAbstract;
}

/** What a limiter answered: a refusal is a decision too. */
interface Taken {
  readonly res: RateLimiterRes;
  readonly allowed: boolean;
}

/**
 * The rate-limit port on `rate-limiter-flexible`: in memory, or on Redis for many instances.
 * With Redis, a per-process memory limiter is the insurance: while Redis is not connected, or does
 * not answer within `redisTimeoutMs`, requests are limited per instance (so the effective limit is
 * the bucket's times the instances) instead of failing, waiting or going unlimited; the limits are
 * shared again as soon as Redis answers. See docs/decisions/rate-limit-outage.md.
 *
 * @example
 * // A client for the limiter alone, failing at once while Redis is away instead of queueing.
 * const redis = new Redis(process.env.REDIS_URL!, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
 * const rateLimiter = flexibleRateLimiter({ redis, logger });
 */
export function flexibleRateLimiter(options: FlexibleRateLimiterOptions = {}): RateLimiter {
  const timeoutMs = options.redisTimeoutMs ?? 50;
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs)))
    throw new TypeError('@affiliate-commerce/core: redisTimeoutMs must be a positive number of milliseconds');
  const logger = options.logger ?? silentLogger();
  const now = () => options.clock?.now().getTime() ?? Date.now();
  const buckets = makeBuckets(options);
  const health = redisHealth({ logger, now });
  if (options.redis) listenForClientErrors(options.redis, logger);

  const decide = ({ res, allowed }: Taken, limit: BucketLimit): RateLimitDecision => ({
    allowed,
    limit: limit.points,
    remaining: res.remainingPoints,
    resetAt: new Date(now() + res.msBeforeNext),
    ...(allowed ? {} : { retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000) }),
  });

  return {
    async consume({ bucket, key }) {
      const entry = buckets.get(bucket);
      if (!entry)
        throw new TypeError(`@affiliate-commerce/core: no rate-limit bucket named ${JSON.stringify(bucket)}`);
      if (!entry.shared) return decide(await take(entry.local, key), entry.limit);
      const taken = await takeShared(entry.shared, health, { bucket, key, timeoutMs });
      if (taken) return decide(taken, entry.limit);
      health.decidedLocally(bucket);
      return decide(await take(entry.local, key), entry.limit);
    },
  };
}

function makeBuckets(options: FlexibleRateLimiterOptions): Map<string, Bucket> {
  // A host's buckets add to or change the defaults; a bucket the route table names is never missing.
  const limits = { ...defaultBuckets, ...options.buckets };
  const buckets = new Map<string, Bucket>();
  for (const [bucket, limit] of Object.entries(limits)) {
    const base = {
      points: limit.points,
      duration: limit.durationSeconds,
      keyPrefix: `${options.keyPrefix ?? 'affiliate-commerce:rl'}:${bucket}`,
    };
    const local = new RateLimiterMemory(base);
    // No `insuranceLimiter` here: the fallback is ours, so that it also covers the deadline and is
    // logged and counted. `rejectIfRedisNotReady` fails at once rather than queue on a lost connection.
    const shared = options.redis
      ? new RateLimiterRedis({ ...base, storeClient: options.redis, rejectIfRedisNotReady: true })
      : undefined;
    buckets.set(bucket, shared ? { limit, local, shared } : { limit, local });
  }
  return buckets;
}

/** Takes one point of `key`; anything but a decision rejects. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<Taken> {
  try {
    return { res: await limiter.consume(key), allowed: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { res: rejection, allowed: false };
    throw rejection;
  }
}

/** Redis's decision within the deadline, or undefined when the per-instance limiter must decide. */
async function takeShared(
  shared: RateLimiterAbstract,
  health: RedisHealth,
  request: { readonly bucket: string; readonly key: string; readonly timeoutMs: number },
): Promise<Taken | undefined> {
  const call = health.next();
  if (call === 'local') return undefined;
  try {
    const taken = await withinDeadline(take(shared, request.key), request.timeoutMs);
    health.answered(call, request.bucket);
    return taken;
  } catch (error) {
    health.failed(call, request.bucket, error);
    return undefined;
  }
}

/**
 * `promise`, or a rejection after `ms`: a command sent as the connection dies, or to a Redis that
 * stopped answering without closing it, would otherwise hold the request until the client gives up.
 */
function withinDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Timers run before I/O in a turn of the event loop: after a turn this process spent busy,
      // an answer may be waiting unread. Reading it first keeps our own pauses from counting as Redis's.
      timer = setTimeout(() => reject(new Error(`timeout: no answer after ${ms} ms`)), 0);
    }, ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/**
 * A client's `error` events go to debug: the outage itself is logged once by the limiter, and an
 * ioredis client with no listener prints every failed reconnection (node-redis throws instead).
 */
function listenForClientErrors(client: { on?: unknown }, logger: Logger): void {
  if (typeof client.on !== 'function') return;
  client.on('error', (error: unknown) =>
    logger.debug?.('rate limiter Redis client error', {
      event: 'rate_limit.redis.client_error',
      cause: error,
    }),
  );
}
