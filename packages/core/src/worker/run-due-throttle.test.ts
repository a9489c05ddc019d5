import { deliveryCapture, fakeHttpClient, testTokens } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

describe('runDue and a webhook’s rateLimit', () => {
  it('sends at the webhook’s slots, at most rateLimit in any second, and gives back unsent what gets no slot within 2 s, spending no attempt', async () => {
    const sentAt: number[] = [];
    const http = fakeHttpClient(() => {
      sentAt.push(performance.now());
      return { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 1 };
    });
    const { svc, webhookId } = await deliveryCapture(['order_created'], { http });
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await svc.handle(
        new Request(`http://api.test${path}`, {
          method,
          headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      return (await response.json()) as { data: { items: { attempt: number; deliveryId: string }[] } };
    };
    await call('PUT', `/v2/webhooks/${webhookId}`, { rateLimit: 10 });
    for (let i = 0; i < 25; i += 1)
      await svc.commerce.emit({
        affiliateId: 'aff_1',
        eventType: 'order_created',
        data: { order_id: `o${i}` },
      });

    // 10 a second: the slots at 0, 100 ... 2000 ms are taken; the other 4 go back unsent.
    const first = await svc.deliveries.runDue({ limit: 100 });
    expect(first).toMatchObject({ claimed: 25, succeeded: 21, deferred: 4, released: 0 });
    for (const at of sentAt)
      expect(sentAt.filter((t) => t >= at && t < at + 1_000).length).toBeLessThanOrEqual(11);
    // Held back until a second before the next free slot: not due yet.
    expect(await svc.deliveries.runDue({ limit: 100 })).toMatchObject({ claimed: 0 });
    svc.clock.advance(1_100);
    expect(await svc.deliveries.runDue({ limit: 100 })).toMatchObject({ claimed: 4, succeeded: 4 });

    const log = await call('GET', `/v2/webhooks/${webhookId}/deliveries?limit=100`);
    expect(log.data.items).toHaveLength(25);
    expect(log.data.items.every((one) => one.attempt === 1)).toBe(true);
    expect(new Set(log.data.items.map((one) => one.deliveryId)).size).toBe(25);
  }, 15_000);
});
