import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testClock,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorageUnderTest, serverStorageUnderTest } from './test-database.test-support';

interface Listed {
  status: number;
  body: {
    data?: { webhookId: string; items: { id: string; type: string; at: string; details: object }[] };
    error?: { code: string; field?: string };
  };
}

describe.each([
  ['memory', memoryStorageUnderTest],
  ['PostgreSQL server', serverStorageUnderTest('operational_log')],
] as const)('GET /v2/webhooks/{id}/operationalEvents (%s)', (_name, outbox) => {
  it("lists a webhook's operational events newest first, to its own affiliate only (api.md: an endpoint's operational events)", async () => {
    const { storage, teardown } = await outbox();
    const clock = testClock('2026-11-23T10:00:00.000Z');
    const http = fakeHttpClient(() => ({ ok: true, status: 410, headers: {}, bodyText: '', latencyMs: 1 }));
    const svc: TestService = testService({
      storage,
      clock,
      http,
      resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    });
    const call = async (path: string, token: string = testTokens.admin, method = 'GET', body?: unknown) => {
      const response = await svc.handle(
        new Request(`http://api.test${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      return { status: response.status, body: (await response.json()) as Listed['body'] };
    };
    try {
      await svc.affiliates.upsert({ id: 'aff_1', name: 'Affiliate one' });
      const created = await call('/v2/webhooks', testTokens.superAdmin, 'POST', {
        name: 'Orders',
        url: 'https://hooks.example.com/orders',
        webhookInterests: ['order_created'],
      });
      const id = (created.body.data as unknown as { id: string }).id;
      expect((await call(`/v2/webhooks/${id}/operationalEvents`)).body.data).toEqual({
        webhookId: id,
        items: [],
      });
      // A 410: disabled, and the delivery exhausted; then enabled again by the status call.
      await svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: 'o1' } });
      await svc.deliveries.runDue({ limit: 10 });
      clock.advance(1_000);
      await call(`/v2/webhooks/${id}/status`, testTokens.superAdmin, 'PATCH', { status: 'enabled' });
      const listed = await vi.waitFor(async () => {
        const answer = await call(`/v2/webhooks/${id}/operationalEvents`);
        expect(answer.body.data?.items).toHaveLength(3);
        return answer;
      });
      expect(listed.status).toBe(200);
      const items = listed.body.data!.items;
      expect(items[0]).toEqual({
        id: expect.stringMatching(/^opev_/),
        type: 'endpoint.enabled',
        at: clock.now().toISOString(),
        details: {},
      });
      expect(
        items
          .slice(1)
          .map((item) => item.type)
          .sort(),
      ).toEqual(['delivery.exhausted', 'endpoint.disabled']);
      expect(items.find((item) => item.type === 'endpoint.disabled')?.details).toEqual({ reason: 'gone' });
      expect((await call(`/v2/webhooks/${id}/operationalEvents?limit=1`)).body.data?.items).toHaveLength(1);
      // Another tenant's id is not found; a bad limit is a 422 naming it.
      expect(await call(`/v2/webhooks/${id}/operationalEvents`, testTokens.otherSuperAdmin)).toMatchObject({
        status: 404,
        body: { error: { code: 'NOT_FOUND' } },
      });
      expect(await call(`/v2/webhooks/${id}/operationalEvents?limit=0`)).toMatchObject({
        status: 422,
        body: { error: { code: 'INVALID_FIELD', field: 'limit' } },
      });
      // The store keeps the newest 50 of a webhook, and none of another affiliate's.
      for (let n = 0; n < 52; n += 1)
        await storage.webhooks.addOperationalEvent({
          event: {
            id: `opev_${String(n).padStart(3, '0')}`,
            affiliateId: 'aff_1',
            webhookId: id,
            type: 'endpoint.enabled',
            at: new Date(clock.now().getTime() + 60_000 + n),
            details: {},
          },
        });
      const kept = await storage.webhooks.recentOperationalEvents({
        affiliateId: 'aff_1',
        webhookId: id,
        limit: 100,
      });
      expect(kept).toHaveLength(50);
      expect(kept[0]?.id).toBe('opev_051');
      expect(
        await storage.webhooks.recentOperationalEvents({ affiliateId: 'aff_2', webhookId: id, limit: 100 }),
      ).toEqual([]);
    } finally {
      await teardown();
    }
  }, 30_000);
});
