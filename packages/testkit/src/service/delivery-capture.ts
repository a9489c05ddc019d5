import type { ServiceOptions } from '@affiliate-commerce/core';
import { fakeHttpClient } from '../fakes/fake-http-client';
import { fakeResolver } from '../fakes/fake-resolver';
import { type TestService, testService, testTokens } from './test-service';

/**
 * A test service with one webhook (of `aff_1`) subscribed to `interests`, whose deliveries a
 * fake receiver answers 200; `sent()` runs the worker once and returns the bodies it sent.
 *
 * @example
 * const { svc, sent } = await deliveryCapture(['order_created']);
 * await svc.commerce.recordOrder(...); expect((await sent())[0].event_type).toBe('order_created');
 */
export async function deliveryCapture(
  interests: readonly string[],
  overrides: Partial<ServiceOptions> = {},
): Promise<{ svc: TestService; webhookId: string; sent: () => Promise<Record<string, unknown>[]> }> {
  const http = fakeHttpClient(() => ({ ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 1 }));
  const svc = testService({
    http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    ...overrides,
  });
  const created = await svc.handle(
    new Request('http://api.test/v2/webhooks', {
      method: 'POST',
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Capture',
        url: 'https://hooks.example.com/capture',
        webhookInterests: interests,
      }),
    }),
  );
  if (created.status !== 201)
    throw new Error(`webhook not created: ${created.status} ${await created.text()}`);
  const webhookId = ((await created.json()) as { data: { id: string } }).data.id;
  const sent = async () => {
    http.requests.length = 0;
    await svc.deliveries.runDue({ limit: 100 });
    return http.requests.map((request) => JSON.parse(request.body!) as Record<string, unknown>);
  };
  return { svc, webhookId, sent };
}
