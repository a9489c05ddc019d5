import { createHmac } from 'node:crypto';
import {
  fakeHttpClient,
  fakeResolver,
  memoryLogger,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import type { OperationalEvent } from '../deps/operational-events';
import { operationsAffiliateId, operationsWebhookId } from '../deps/operations-endpoint';
import { randomIds } from '../ports/ids';
import type { ServiceOptions } from '../service';

const opsSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const opsUrl = 'https://ops.example.com/hooks';

/** Each host's answers, in order; 200 once they run out. */
const answers = new Map<string, number[]>();
const http = fakeHttpClient((request) => ({
  ok: true,
  status: answers.get(new URL(request.url).hostname)?.shift() ?? 200,
  headers: {},
  bodyText: '',
  latencyMs: 1,
}));
const opsRequests = () => http.requests.filter((request) => request.url === opsUrl);

function service(overrides: Partial<ServiceOptions> = {}): TestService {
  http.requests.length = 0;
  answers.clear();
  return testService({
    http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'], 'ops.example.com': ['93.184.216.35'] }),
    deliveries: { random: () => 0.5, delays: [1_000] },
    operations: { url: opsUrl, secret: opsSecret },
    ...overrides,
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
  return { status: response.status, body: (await response.json()) as { data: Record<string, unknown> } };
}

/** An affiliate's endpoint that answers 410 to its first delivery: disabled, and the delivery exhausted. */
async function goneEndpoint(svc: TestService): Promise<string> {
  const created = await api(svc, 'POST', '/v2/webhooks', {
    name: 'Orders',
    url: 'https://hooks.example.com/orders',
    webhookInterests: ['order_created'],
  });
  answers.set('hooks.example.com', [410]);
  await svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: 'o1' } });
  await svc.deliveries.runDue({ limit: 10 });
  return created.body.data.id as string;
}

/** Runs the worker until the operations endpoint has been sent `count` requests. */
async function untilOpsSent(svc: TestService, count: number): Promise<void> {
  await vi.waitFor(async () => {
    await svc.deliveries.runDue({ limit: 10 });
    expect(opsRequests().length).toBeGreaterThanOrEqual(count);
  });
}

const standardSignature = (request: { headers: Readonly<Record<string, string>>; body?: string }) => {
  const key = Buffer.from(opsSecret.slice('whsec_'.length), 'base64');
  const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
};

describe('operations endpoint (api.md: operational events)', () => {
  it('sends each operational event as a Standard Webhooks POST signed with its own secret', async () => {
    const svc = service();
    const id = await goneEndpoint(svc);
    await untilOpsSent(svc, 2);
    const sent = opsRequests().map((request) => JSON.parse(request.body!) as Record<string, unknown>);
    expect(sent.map((body) => body.type).sort()).toEqual(['delivery.exhausted', 'endpoint.disabled']);
    expect(sent.find((body) => body.type === 'endpoint.disabled')).toEqual({
      type: 'endpoint.disabled',
      timestamp: svc.clock.now().toISOString(),
      data: { affiliateId: 'aff_1', webhookId: id, at: svc.clock.now().toISOString(), reason: 'gone' },
    });
    for (const request of opsRequests()) {
      expect(request.headers['webhook-id']).toMatch(/^evt_op_/);
      expect(request.headers['webhook-signature']).toBe(standardSignature(request));
      // Nothing of the affiliate's endpoint: not its URL, nor its headers.
      expect(request.body).not.toContain('hooks.example.com');
    }
  });

  it('retries a failed send with the delivery schedule and logs every attempt', async () => {
    const { logger, events } = memoryLogger();
    const svc = service({ logger });
    await goneEndpoint(svc);
    answers.set('ops.example.com', [500, 500]);
    await untilOpsSent(svc, 2);
    expect(opsRequests()).toHaveLength(2);
    svc.clock.advance(1_000);
    await svc.deliveries.runDue({ limit: 10 });
    expect(opsRequests()).toHaveLength(4);
    const attempts = events('webhook.attempt').filter(
      (line) => line.meta.affiliateId === operationsAffiliateId,
    );
    expect(attempts.map((line) => line.meta.attempt)).toEqual([1, 1, 2, 2]);
    expect(attempts.every((line) => line.meta.webhookId === operationsWebhookId)).toBe(true);
  });

  it('an event announced twice is queued once', async () => {
    const svc = service();
    const event: OperationalEvent = {
      type: 'endpoint.enabled',
      affiliateId: 'aff_1',
      webhookId: 'whk_1',
      at: svc.clock.now(),
    };
    await svc.deps.operationsOutbox!.publish(event);
    await svc.deps.operationsOutbox!.publish(event);
    await svc.deliveries.runDue({ limit: 10 });
    expect(opsRequests()).toHaveLength(1);
  });

  it('a start with another URL or secret writes the endpoint again: the next event goes there, signed with it', async () => {
    const first = service();
    const at = first.clock.now();
    await first.deps.operationsOutbox!.publish({
      type: 'endpoint.enabled',
      affiliateId: 'aff_1',
      webhookId: 'whk_1',
      at,
    });
    const secret = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
    const moved = 'https://ops.example.com/v2/hooks';
    const second = testService({
      http,
      storage: first.deps.storage,
      clock: first.clock,
      // Another process: ids of its own, as a real one has.
      ids: randomIds(),
      resolver: fakeResolver({ 'ops.example.com': ['93.184.216.35'] }),
      operations: { url: moved, secret },
    });
    await second.deps.operationsOutbox!.publish({
      type: 'endpoint.enabled',
      affiliateId: 'aff_1',
      webhookId: 'whk_2',
      at,
    });
    await second.deliveries.runDue({ limit: 10 });
    // Both queued events go to the endpoint as it is now.
    expect(http.requests.map((request) => request.url)).toEqual([moved, moved]);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    for (const request of http.requests) {
      const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
      expect(request.headers['webhook-signature']).toBe(
        `v1,${createHmac('sha256', key).update(signed).digest('base64')}`,
      );
    }
  });

  it("never announces the operations endpoint's own failures to itself", async () => {
    const heard: OperationalEvent[] = [];
    const svc = service({ onOperationalEvent: (event) => void heard.push(event) });
    await goneEndpoint(svc);
    answers.set('ops.example.com', [500, 500, 500, 500]);
    await untilOpsSent(svc, 2);
    svc.clock.advance(1_000);
    await svc.deliveries.runDue({ limit: 10 });
    // Both deliveries to it exhausted: the host's callback hears it, the endpoint is sent nothing more.
    expect(
      heard.filter((event) => event.affiliateId === operationsAffiliateId).map((event) => event.type),
    ).toEqual(['delivery.exhausted', 'delivery.exhausted']);
    svc.clock.advance(60_000);
    await svc.deliveries.runDue({ limit: 10 });
    expect(opsRequests()).toHaveLength(4);
  });

  it('is refused to a private address when the name resolves to one (the address guard)', async () => {
    const svc = service({
      resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'], 'ops.example.com': ['10.0.0.5'] }),
    });
    await goneEndpoint(svc);
    await svc.deliveries.runDue({ limit: 10 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    await svc.deliveries.runDue({ limit: 10 });
    expect(opsRequests()).toHaveLength(0);
  });

  it('refuses at createService a URL or a secret it cannot use', () => {
    expect(() => service({ operations: { url: 'http://ops.example.com/hooks', secret: opsSecret } })).toThrow(
      /operations\.url/,
    );
    expect(() => service({ operations: { url: 'https://10.0.0.5/hooks', secret: opsSecret } })).toThrow(
      /operations\.url/,
    );
    expect(() => service({ operations: { url: opsUrl, secret: 'hunter2' } })).toThrow(/operations\.secret/);
  });

  it('reserves its owner: no affiliate can take the id', async () => {
    const svc = service();
    await expect(svc.affiliates.upsert({ id: operationsAffiliateId, name: 'Ops' })).rejects.toMatchObject({
      status: 422,
      field: 'id',
    });
  });
});
