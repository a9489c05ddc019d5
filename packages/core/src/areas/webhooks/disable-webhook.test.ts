import {
  memoryLogger,
  startReceiver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpClient } from '../../ports/net/node-http-client';
import { nodeResolver } from '../../ports/net/node-resolver';
import type { ServiceOptions } from '../../service';
import type { EndpointDisabledNotice } from '../../storage/webhook-store';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

function service(options: Partial<ServiceOptions>): TestService {
  return testService({
    http: nodeHttpClient(),
    resolver: nodeResolver(),
    allowPrivateNetworks: true,
    deliveries: { random: () => 0.5, timeoutMs: 400, delays: [1_000, 1_000, 1_000], disableAfterMs: 1_500 },
    ...options,
  });
}

async function api(svc: TestService, method: string, path: string, body?: unknown) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  return {
    status: response.status,
    data: ((await response.json()) as { data: Record<string, unknown> }).data,
  };
}

async function webhook(svc: TestService): Promise<string> {
  const created = await api(svc, 'POST', '/v2/webhooks', {
    name: 'Receiver',
    url: receiver.url,
    webhookInterests: ['order_created'],
  });
  expect(created.status).toBe(201);
  return created.data.id as string;
}

const order = (svc: TestService, orderId: string) =>
  svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: orderId } });

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the endpoint-disabled notice', () => {
  it('a worker meeting a receiver that fails beyond disableAfterMs disables it once: hook, log line, stored reason and time', async () => {
    const notices: EndpointDisabledNotice[] = [];
    const { lines, logger } = memoryLogger();
    const svc = service({ logger, onEndpointDisabled: (notice) => void notices.push(notice) });
    const id = await webhook(svc);
    receiver.always({ status: 500 });
    try {
      await order(svc, 'ord_failing');
      const controller = new AbortController();
      const working = svc.deliveries.work({ signal: controller.signal, idleMs: 5, maxIdleMs: 10 });
      const attempts = () => lines.filter((line) => line.meta.event === 'webhook.attempt').length;
      await until(() => attempts() === 1);
      // The retry falls due 1 s later; failing since the first attempt for 2 s is past disableAfterMs.
      svc.clock.advance(2_000);
      await until(() => notices.length === 1);
      const disabledAt = svc.clock.now();
      await order(svc, 'ord_after');
      controller.abort();
      await working;

      expect(attempts()).toBe(2);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        reason: 'failing',
        webhook: { id, affiliateId: 'aff_1', status: 'disabled', disabledReason: 'failing', disabledAt },
      });
      const line = lines.find((one) => one.meta.event === 'webhook.endpoint_disabled');
      expect(line).toEqual({
        level: 'warn',
        message: 'webhook endpoint disabled',
        meta: { event: 'webhook.endpoint_disabled', affiliateId: 'aff_1', webhookId: id, reason: 'failing' },
      });
      const read = await api(svc, 'GET', `/v2/webhooks/${id}`);
      expect(read.data).toMatchObject({
        status: 'disabled',
        isEnabled: false,
        disabledReason: 'failing',
        disabledAt: disabledAt.toISOString(),
      });
      // Nothing is queued for a disabled endpoint.
      expect((await svc.deliveries.runDue({ limit: 10 })).claimed).toBe(0);

      // Enabling clears the reason and time; disabling by hand records `manual` and gives no notice.
      const enabled = await api(svc, 'PATCH', `/v2/webhooks/${id}/status`, { status: 'enabled' });
      expect(enabled.data.status).toBe('enabled');
      expect(enabled.data).not.toHaveProperty('disabledReason');
      expect(enabled.data).not.toHaveProperty('disabledAt');
      expect((await api(svc, 'GET', `/v2/webhooks/${id}`)).data).not.toHaveProperty('disabledReason');
      const manual = await api(svc, 'PATCH', `/v2/webhooks/${id}/status`, { status: 'disabled' });
      expect(manual.data).toMatchObject({
        disabledReason: 'manual',
        disabledAt: svc.clock.now().toISOString(),
      });
      expect(notices).toHaveLength(1);
    } finally {
      receiver.always({ status: 200, body: 'ok' });
    }
  });

  it('a hook that throws or rejects is logged and dropped; the delivery run goes on', async () => {
    for (const hook of [
      () => {
        throw new Error('mailer down');
      },
      () => Promise.reject(new Error('mailer down')),
    ]) {
      const { lines, logger } = memoryLogger();
      const svc = service({ logger, onEndpointDisabled: hook });
      const id = await webhook(svc);
      receiver.answer({ status: 410 });
      await order(svc, 'ord_gone');
      expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ failed: 1 });
      await until(() => lines.some((line) => line.meta.event === 'webhook.endpoint_disabled_hook_failed'));
      const failed = lines.find((line) => line.meta.event === 'webhook.endpoint_disabled_hook_failed')!;
      expect(failed).toMatchObject({ level: 'error', meta: { affiliateId: 'aff_1', webhookId: id } });
      expect(String(failed.meta.cause)).toContain('mailer down');
      expect((await api(svc, 'GET', `/v2/webhooks/${id}`)).data).toMatchObject({
        status: 'disabled',
        disabledReason: 'gone',
      });
    }
  });
});
