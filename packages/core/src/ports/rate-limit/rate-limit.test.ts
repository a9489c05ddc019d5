import { randomBytes } from 'node:crypto';
import { testService, testTokens } from '@affiliate-commerce/testkit';
import { Redis } from 'ioredis';
import { okAsync } from 'neverthrow';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithRedis, testRedisUrl } from '../../../../../test-support/redis';
import { type AnyRoute, defineRoute } from '../../http/route';
import { createKernel } from '../../kernel/kernel';
import { allRoles } from '../auth';
import { flexibleRateLimiter } from './flexible-rate-limiter';
import type { RateLimiter } from './rate-limiter';

const limited = (path: string): AnyRoute =>
  defineRoute({
    method: 'POST',
    path,
    operationId: path,
    summary: 'limited',
    tags: [],
    access: { kind: 'affiliate', roles: allRoles },
    rateLimit: { bucket: 'case-replies' },
    responses: { 200: { description: 'ok', schema: z.object({ ok: z.literal(true) }) } },
    errors: [],
    handle: () => okAsync({ status: 200, body: { ok: true } }),
  });

function kernel(rateLimiter: RateLimiter) {
  // Every other port comes from the test service, so new ports never break this test.
  return createKernel([limited('/respond'), limited('/attachment')], { ...testService().deps, rateLimiter });
}

const post = (path: string, token: string = testTokens.agent) =>
  new Request(`http://x${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

describe('section 8: rate limit on respond and attachment', () => {
  it('8: 10 requests per minute per user pass with X-RateLimit-* headers; the 11th is 429 with Retry-After', async () => {
    const handle = kernel(flexibleRateLimiter());
    for (let i = 0; i < 10; i += 1) {
      const response = await handle(post('/respond'));
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-limit')).toBe('10');
      expect(response.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
      expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    }
    const refused = await handle(post('/respond'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many requests; retry after the number of seconds in Retry-After.',
      },
    });
  });

  it('8: respond and attachment share one counter', async () => {
    const handle = kernel(flexibleRateLimiter());
    for (let i = 0; i < 5; i += 1) expect((await handle(post('/respond'))).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await handle(post('/attachment'))).status).toBe(200);
    expect((await handle(post('/attachment'))).status).toBe(429);
    expect((await handle(post('/respond'))).status).toBe(429);
  });

  it('8: the counter is per user', async () => {
    const handle = kernel(flexibleRateLimiter());
    for (let i = 0; i < 10; i += 1) await handle(post('/respond', testTokens.agent));
    expect((await handle(post('/respond', testTokens.agent))).status).toBe(429);
    expect((await handle(post('/respond', testTokens.admin))).status).toBe(200);
  });

  it('access is checked before the limit: a 401 does not spend anything', async () => {
    const handle = kernel(flexibleRateLimiter());
    for (let i = 0; i < 12; i += 1) expect((await handle(post('/respond', 'tok_nobody'))).status).toBe(401);
    expect((await handle(post('/respond'))).headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('refuses an unknown bucket as programmer misuse', async () => {
    await expect(flexibleRateLimiter().consume({ bucket: 'nope', key: 'u' })).rejects.toThrow(TypeError);
  });
});

describeWithRedis('section 8 on the real Redis server: instances share the counter', () => {
  const clients: Redis[] = [];
  const redisUrl = testRedisUrl;
  const keyPrefix = `ac-test:${process.pid}:${randomBytes(4).toString('hex')}`;
  afterAll(async () => {
    const [first] = clients;
    if (first) {
      const keys = await first.keys(`${keyPrefix}*`);
      if (keys.length > 0) await first.del(...keys);
    }
    for (const client of clients) client.disconnect();
  });

  it('8: two service instances on one Redis refuse the 11th request between them', async () => {
    const a = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const b = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    clients.push(a, b);
    // Both connected first: a client still connecting decides locally, by design.
    await Promise.all([a.ping(), b.ping()]);
    const first = kernel(flexibleRateLimiter({ redis: a, keyPrefix }));
    const second = kernel(flexibleRateLimiter({ redis: b, keyPrefix }));
    for (let i = 0; i < 6; i += 1) expect((await first(post('/respond'))).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await second(post('/attachment'))).status).toBe(200);
    const refused = await second(post('/respond'));
    expect(refused.status).toBe(429);
    expect((await first(post('/attachment'))).status).toBe(429);
    expect(await a.keys(`${keyPrefix}*`)).not.toHaveLength(0);
  });
});
