import { type OperationalEvent, randomIds } from '@affiliate-commerce/core';
import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testClock,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { memoryStorageUnderTest, serverStorageUnderTest } from './test-database.test-support';

const hour = 60 * 60 * 1000;

describe.each([
  ['memory', memoryStorageUnderTest],
  ['PostgreSQL server', serverStorageUnderTest('secret_expiring')],
] as const)('secret.expiring (%s)', (_name, outbox) => {
  it('announced once, by the first attempt in the last 2 hours of a replaced secret’s overlap, across a restart (api.md: operational events)', async () => {
    const { storage, teardown } = await outbox();
    const clock = testClock('2026-11-23T10:00:00.000Z');
    const events: OperationalEvent[] = [];
    const http = fakeHttpClient(() => ({ ok: true, status: 200, headers: {}, bodyText: '', latencyMs: 1 }));
    const worker = (): TestService =>
      testService({
        storage,
        clock,
        http,
        ids: randomIds(),
        resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
        onOperationalEvent: (event) => void events.push(event),
      });
    const call = (svc: TestService, method: string, path: string, body?: unknown) =>
      svc.handle(
        new Request(`http://api.test${path}`, {
          method,
          headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    try {
      const svc = worker();
      await svc.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      const created = await call(svc, 'POST', '/v2/webhooks', {
        name: 'Orders',
        url: 'https://hooks.example.com/orders',
        webhookInterests: ['order_created'],
      });
      const webhookId = ((await created.json()) as { data: { id: string } }).data.id;
      await call(svc, 'POST', `/v2/webhooks/${webhookId}/actions/rotateSecret`);
      const overlapEndsAt = new Date(clock.now().getTime() + 24 * hour);
      const send = async (service: TestService, orderId: string) => {
        await service.commerce.emit({
          affiliateId: 'aff_1',
          eventType: 'order_created',
          data: { order_id: orderId },
        });
        await service.deliveries.runDue({ limit: 10 });
      };
      // 21 hours into the overlap: not yet.
      clock.advance(21 * hour);
      await send(svc, 'o1');
      expect(events.map((event) => event.type)).toEqual(['secret.rotated']);
      // 22 hours in: the first attempt announces it; later attempts, and a restarted worker, do not.
      clock.advance(hour);
      await send(svc, 'o2');
      await send(svc, 'o3');
      await send(worker(), 'o4');
      expect(events.slice(1)).toEqual([
        {
          type: 'secret.expiring',
          affiliateId: 'aff_1',
          webhookId,
          at: clock.now(),
          expiresAt: overlapEndsAt,
        },
      ]);
    } finally {
      await teardown();
    }
  }, 30_000);
});
