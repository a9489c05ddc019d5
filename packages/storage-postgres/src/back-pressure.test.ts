import { randomIds } from '@affiliate-commerce/core';
import { nodeHttpClient, nodeResolver } from '@affiliate-commerce/core/node';
import { startReceiver, type TestService, testService, testTokens } from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresStorage } from './postgres-storage';
import { freshServerSchema } from './test-database.test-support';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function api(svc: TestService, method: string, path: string, body?: unknown) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return (await response.json()) as { data: Record<string, unknown> };
}

describe("receivers' back-pressure on the PostgreSQL server (api.md: receivers' back-pressure)", () => {
  it("a 429's Retry-After holds the endpoint's deliveries in the shared outbox: a second worker claims none before it", async () => {
    const { db, schema, drop } = await freshServerSchema('backpressure');
    const storage = await createPostgresStorage({ db, schema });
    const worker = (clock?: TestService['clock']): TestService =>
      testService({
        storage,
        ids: randomIds(),
        http: nodeHttpClient(),
        resolver: nodeResolver(),
        allowPrivateNetworks: true,
        deliveries: { random: () => 0.5, timeoutMs: 1_000, perEndpoint: 1, concurrency: 1 },
        ...(clock ? { clock } : {}),
      });
    try {
      const first = worker();
      const second = worker(first.clock);
      await first.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      await api(first, 'POST', '/v2/webhooks', {
        name: 'Busy',
        url: receiver.url,
        webhookInterests: ['order_created'],
      });
      for (let i = 0; i < 3; i += 1)
        await first.commerce.emit({
          affiliateId: 'aff_1',
          eventType: 'order_created',
          data: { order_id: `o${i}` },
        });
      receiver.answer({ status: 429, headers: { 'retry-after': '60' } });
      const before = receiver.received.length;
      // The first worker sends one; the receiver's answer moves the other two in the shared outbox.
      expect(await first.deliveries.runDue({ limit: 1 })).toMatchObject({ retrying: 1 });
      expect(await second.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 0 });
      first.clock.advance(59_000);
      expect(await second.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 0 });
      first.clock.advance(1_000);
      expect(await second.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 3, succeeded: 3 });
      expect(receiver.received.length - before).toBe(4);
    } finally {
      await storage.close();
      await drop();
    }
  }, 20_000);
});
