import { randomBytes } from 'node:crypto';
import { seedSupport, supportFixtureSeed, testService, testTokens } from '@affiliate-commerce/testkit';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { describeWithRedis, testRedisUrl } from '../../../../../test-support/redis';
import { memoryStorage } from '../../impl/memory/memory-storage';
import { sandboxCaseSystem } from '../../ports/case-system/sandbox-case-system';
import { flexibleRateLimiter } from '../../ports/rate-limit/flexible-rate-limiter';

describeWithRedis('section 8 on the real Redis server: two service instances share the reply counter', () => {
  const redisUrl = testRedisUrl;
  const keyPrefix = `ac-support-test:${process.pid}:${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  afterAll(async () => {
    const [first] = clients;
    if (first) {
      const keys = await first.keys(`${keyPrefix}*`);
      if (keys.length > 0) await first.del(...keys);
    }
    for (const client of clients) client.disconnect();
  });

  const respond = (token: string = testTokens.agent) => {
    const form = new FormData();
    form.append('message', 'ping');
    return new Request('http://api.test/v2/cases/case_1/actions/respond', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it('8: 10 replies across both instances pass, the 11th is 429 on either, with Retry-After', async () => {
    const a = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const b = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    clients.push(a, b);
    // Both connected before counting: a client still connecting decides locally (by design), which
    // would count that one reply apart from the shared total.
    await Promise.all([a.ping(), b.ping()]);
    // Two instances of one deployment: one database, one case system, one Redis.
    const storage = memoryStorage();
    const caseSystem = sandboxCaseSystem({ ...supportFixtureSeed });
    const first = testService({
      storage,
      caseSystem,
      rateLimiter: flexibleRateLimiter({ redis: a, keyPrefix }),
    });
    const second = testService({
      storage,
      caseSystem,
      rateLimiter: flexibleRateLimiter({ redis: b, keyPrefix }),
    });
    await seedSupport(first);

    const remaining: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await (i % 2 === 0 ? first : second).handle(respond());
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['9', '8', '7', '6', '5', '4', '3', '2', '1', '0']);

    const refused = await second.handle(respond());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('10');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await first.handle(respond())).status).toBe(429);
    // Refused replies reached nothing: the case has exactly the ten comments.
    expect(caseSystem.requests()[0]?.comments).toHaveLength(10);
    // Another user has a budget of their own.
    expect((await first.handle(respond(testTokens.admin))).status).toBe(200);
    expect(await a.keys(`${keyPrefix}*`)).not.toHaveLength(0);
  });
});
