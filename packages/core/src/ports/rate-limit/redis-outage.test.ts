import { once } from 'node:events';
import { memoryLogger } from '@affiliate-commerce/testkit';
import { metrics } from '@opentelemetry/api';
import { type DataPoint, MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithRedis, type OwnRedisServer, ownRedisServer } from '../../../../../test-support/redis';
import { instrumentationName } from '../telemetry/otel';
import { flexibleRateLimiter } from './flexible-rate-limiter';
import type { RateLimitDecision, RateLimiter } from './rate-limiter';

/** Collects on demand, as a host's exporter would at each interval. */
class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

const reader = new TestReader();
beforeAll(() => {
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});
afterAll(() => {
  metrics.disable();
});

/** `rate_limit.fallbacks` of `bucket` collected now (0 when never counted). */
async function fallbacks(bucket: string): Promise<number> {
  const { resourceMetrics } = await reader.collect();
  const scope = resourceMetrics.scopeMetrics.find((s) => s.scope.name === instrumentationName);
  const metric = scope?.metrics.find((m) => m.descriptor.name === 'rate_limit.fallbacks');
  if (metric) expect(metric.descriptor.unit).toBe('{request}');
  const found = (metric?.dataPoints as DataPoint<number>[] | undefined)?.find(
    (p) => p.attributes['rate_limit.bucket'] === bucket,
  );
  return found?.value ?? 0;
}

async function consumeTimes(limiter: RateLimiter, times: number, bucket: string, key = 'usr_1') {
  const decisions: RateLimitDecision[] = [];
  for (let i = 0; i < times; i += 1) decisions.push(await limiter.consume({ bucket, key }));
  return decisions;
}

/** A client that reports itself connected and never answers a command. */
function unansweringRedis(status = 'ready') {
  const sent: unknown[][] = [];
  let answer: ((args: unknown[]) => Promise<unknown>) | undefined;
  const client: Record<string, unknown> = {
    status,
    on: () => client,
    defineCommand(name: string) {
      client[name] = (...args: unknown[]) => {
        sent.push(args);
        return answer ? answer(args) : new Promise(() => {});
      };
    },
  };
  return {
    client,
    sent,
    /** From now on, answer as Redis would for a key's first point in a 60 s window. */
    recover: () => {
      answer = async () => [1, 60_000];
    },
  };
}

const bucket = 'outage-unit';
const buckets = { [bucket]: { points: 10, durationSeconds: 60 } };

describe('a Redis that does not answer (decisions/rate-limit-outage.md)', () => {
  it('a request past the deadline is decided per instance; during the outage one request at a time asks Redis; a probe that answers ends it', async () => {
    const fake = unansweringRedis();
    const log = memoryLogger();
    const limiter = flexibleRateLimiter({
      redis: fake.client,
      buckets,
      logger: log.logger,
      redisTimeoutMs: 5,
    });
    const before = await fallbacks(bucket);

    expect(await limiter.consume({ bucket, key: 'usr_1' })).toMatchObject({ allowed: true, remaining: 9 });
    const [unavailable] = log.events('rate_limit.redis.unavailable');
    expect(unavailable).toMatchObject({ level: 'warn', meta: { bucket } });
    expect(String((unavailable!.meta.cause as Error).message)).toBe('timeout: no answer after 5 ms');

    // Twelve at once: one probes Redis (and waits out the deadline), eleven are decided at once.
    const burst = await Promise.all(
      Array.from({ length: 12 }, () => limiter.consume({ bucket, key: 'usr_1' })),
    );
    expect(fake.sent).toHaveLength(2);
    expect(burst.filter((decision) => decision.allowed)).toHaveLength(9);
    expect(burst.filter((decision) => !decision.allowed)).toHaveLength(3);
    expect(burst.find((decision) => !decision.allowed)?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(log.events('rate_limit.redis.unavailable')).toHaveLength(1);
    expect(log.events('rate_limit.redis.recovered')).toHaveLength(0);
    expect((await fallbacks(bucket)) - before).toBe(13);

    fake.recover();
    // Redis counts again from its own window: 1 taken, 9 left, though this instance spent 10.
    expect(await limiter.consume({ bucket, key: 'usr_1' })).toMatchObject({ allowed: true, remaining: 9 });
    expect(log.events('rate_limit.redis.recovered')).toEqual([
      {
        level: 'info',
        message: expect.any(String),
        meta: expect.objectContaining({ bucket, fallbacks: 13 }),
      },
    ]);
    expect(log.events('rate_limit.redis.recovered')[0]!.meta.downMs).toBeGreaterThanOrEqual(0);
    expect((await fallbacks(bucket)) - before).toBe(13);
  });

  it('a client that is not connected is not sent anything: every request is decided per instance', async () => {
    const fake = unansweringRedis('reconnecting');
    const log = memoryLogger();
    const limiter = flexibleRateLimiter({ redis: fake.client, buckets, logger: log.logger });
    const decisions = await consumeTimes(limiter, 11, bucket, 'usr_2');
    expect(decisions.map((decision) => decision.allowed)).toEqual([...Array(10).fill(true), false]);
    expect(fake.sent).toEqual([]);
    const [unavailable, ...more] = log.events('rate_limit.redis.unavailable');
    expect(more).toEqual([]);
    expect((unavailable!.meta.cause as Error).message).toBe('Redis connection is not ready');
  });

  it('refuses a deadline that is not a positive number as programmer misuse', () => {
    expect(() => flexibleRateLimiter({ redisTimeoutMs: 0 })).toThrow(TypeError);
    expect(() => flexibleRateLimiter({ redisTimeoutMs: Number.NaN })).toThrow(TypeError);
  });
});

describeWithRedis(
  'a Redis outage on a server of its own: per-instance limits, one warning, shared again after (decisions/rate-limit-outage.md)',
  () => {
    let server: OwnRedisServer | undefined;
    const clients: Redis[] = [];
    beforeAll(async () => {
      server = await ownRedisServer();
    });
    afterAll(async () => {
      for (const client of clients) client.disconnect();
      await server?.remove();
    });

    /** The client as the README builds it. */
    async function readmeClient(url: string): Promise<Redis> {
      const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
      clients.push(redis);
      await ready(redis);
      return redis;
    }
    const ready = async (redis: Redis) => {
      if (redis.status !== 'ready') await once(redis, 'ready');
    };

    it('8: while Redis is down each instance enforces the bucket alone and nothing rejects; once it is back two instances share the counter again', async () => {
      const bucket = 'case-replies';
      const a = await readmeClient(server!.url);
      const b = await readmeClient(server!.url);
      const logA = memoryLogger();
      const logB = memoryLogger();
      const first = flexibleRateLimiter({ redis: a, logger: logA.logger });
      const second = flexibleRateLimiter({ redis: b, logger: logB.logger });
      expect(a.listenerCount('error')).toBe(1);
      const before = await fallbacks(bucket);

      expect((await consumeTimes(first, 6, bucket)).every((decision) => decision.allowed)).toBe(true);
      expect((await consumeTimes(second, 4, bucket)).every((decision) => decision.allowed)).toBe(true);
      expect(await first.consume({ bucket, key: 'usr_1' })).toMatchObject({ allowed: false, remaining: 0 });

      await server!.stop();
      const during = await consumeTimes(first, 20, bucket);
      expect(during.map((decision) => decision.allowed)).toEqual([
        ...Array(10).fill(true),
        ...Array(10).fill(false),
      ]);
      expect(during.slice(0, 10).map((decision) => decision.remaining)).toEqual([
        9, 8, 7, 6, 5, 4, 3, 2, 1, 0,
      ]);
      expect(during.every((decision) => decision.limit === 10)).toBe(true);
      expect(await second.consume({ bucket, key: 'usr_1' })).toMatchObject({ allowed: true, remaining: 9 });
      expect(logA.events('rate_limit.redis.unavailable')).toHaveLength(1);
      expect(logA.events('rate_limit.redis.unavailable')[0]).toMatchObject({
        level: 'warn',
        meta: { bucket },
      });
      expect(logB.events('rate_limit.redis.unavailable')).toHaveLength(1);
      expect((await fallbacks(bucket)) - before).toBe(21);

      await server!.start();
      await Promise.all([ready(a), ready(b)]);
      // The server came back empty (no persistence): the shared window starts again.
      expect((await consumeTimes(first, 6, bucket)).every((decision) => decision.allowed)).toBe(true);
      expect((await consumeTimes(second, 4, bucket)).every((decision) => decision.allowed)).toBe(true);
      expect(await second.consume({ bucket, key: 'usr_1' })).toMatchObject({ allowed: false, remaining: 0 });
      expect(await first.consume({ bucket, key: 'usr_1' })).toMatchObject({ allowed: false });
      expect(logA.events('rate_limit.redis.recovered')).toEqual([
        {
          level: 'info',
          message: expect.any(String),
          meta: expect.objectContaining({ bucket, fallbacks: 20 }),
        },
      ]);
      expect(logB.events('rate_limit.redis.recovered')).toEqual([
        {
          level: 'info',
          message: expect.any(String),
          meta: expect.objectContaining({ bucket, fallbacks: 1 }),
        },
      ]);
      expect(logA.events('rate_limit.redis.unavailable')).toHaveLength(1);
      expect((await fallbacks(bucket)) - before).toBe(21);
    });
  },
);
