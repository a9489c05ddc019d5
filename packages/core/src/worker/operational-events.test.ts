import {
  fakeHttpClient,
  fakeResolver,
  memoryLogger,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { OperationalEvent } from '../deps/operational-events';
import type { ServiceOptions } from '../service';
import { failingFractionOf } from './operational-announcements';
import { runWorker } from './run-worker';

const answers: number[] = [];
const http = fakeHttpClient(() => ({
  ok: true,
  status: answers.shift() ?? 200,
  headers: {},
  bodyText: '',
  latencyMs: 1,
}));

function service(overrides: Partial<ServiceOptions> = {}): TestService {
  return testService({
    http,
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    deliveries: { random: () => 0.5, delays: [1_000], breaker: { failures: 2 } },
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
  return (await response.json()) as { data: Record<string, unknown> };
}

async function endpoint(svc: TestService): Promise<string> {
  const created = await api(svc, 'POST', '/v2/webhooks', {
    name: 'Orders',
    url: 'https://hooks.example.com/orders',
    webhookInterests: ['order_created'],
  });
  return created.data.id as string;
}

const emit = (svc: TestService, orderId: string) =>
  svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: orderId } });

describe('operational events (api.md: operational events)', () => {
  it('the fractions of the disable period an endpoint is announced failing at', () => {
    expect(failingFractionOf(49_999, 100_000)).toBeUndefined();
    expect(failingFractionOf(50_000, 100_000)).toBe(0.5);
    expect(failingFractionOf(75_000, 100_000)).toBe(0.7);
    expect(failingFractionOf(99_999, 100_000)).toBe(0.9);
  });

  it('delivery.exhausted when the schedule runs out; endpoint.recovered when a success closes the opened breaker', async () => {
    const events: OperationalEvent[] = [];
    const svc = service({ onOperationalEvent: (event) => void events.push(event) });
    const id = await endpoint(svc);
    const event = await emit(svc, 'o1');
    answers.push(500, 503);
    await svc.deliveries.runDue({ limit: 10 });
    svc.clock.advance(1_000);
    await svc.deliveries.runDue({ limit: 10 });
    expect(events).toEqual([
      {
        type: 'delivery.exhausted',
        affiliateId: 'aff_1',
        webhookId: id,
        at: svc.clock.now(),
        deliveryId: expect.stringMatching(/^dlv_/),
        eventId: event.eventId,
        eventType: 'order_created',
        attempts: 2,
        lastStatusCode: 503,
      },
    ]);
    // The breaker opened on the second failure; after its cooling a probe succeeds.
    await emit(svc, 'o2');
    svc.clock.advance(30_000);
    await svc.deliveries.runDue({ limit: 10 });
    expect(events.slice(1)).toEqual([
      { type: 'endpoint.recovered', affiliateId: 'aff_1', webhookId: id, at: svc.clock.now(), failures: 2 },
    ]);
  });

  it('endpoint.disabled (410), endpoint.enabled by the status call, secret.rotated with the end of its overlap', async () => {
    const events: OperationalEvent[] = [];
    const svc = service({ onOperationalEvent: (event) => void events.push(event) });
    const id = await endpoint(svc);
    await emit(svc, 'o1');
    answers.push(410);
    await svc.deliveries.runDue({ limit: 10 });
    await api(svc, 'PATCH', `/v2/webhooks/${id}/status`, { status: 'enabled' });
    // Enabling what is enabled announces nothing.
    await api(svc, 'PATCH', `/v2/webhooks/${id}/status`, { status: 'enabled' });
    await api(svc, 'POST', `/v2/webhooks/${id}/actions/rotateSecret`);
    const now = svc.clock.now();
    expect(events.map((one) => one.type)).toEqual([
      'endpoint.disabled',
      'delivery.exhausted',
      'endpoint.enabled',
      'secret.rotated',
    ]);
    expect(events[0]).toMatchObject({ reason: 'gone', webhookId: id });
    expect(events[3]).toMatchObject({ overlapEndsAt: new Date(now.getTime() + 86_400_000) });
  });

  it('a callback that throws or rejects never breaks delivery: it is logged and dropped', async () => {
    for (const hook of [
      () => {
        throw new Error('host bug');
      },
      () => Promise.reject(new Error('host outage')),
    ]) {
      const { logger, events } = memoryLogger();
      const svc = service({ logger, onOperationalEvent: hook });
      await endpoint(svc);
      await emit(svc, 'o1');
      answers.push(410);
      expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ failed: 1 });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(events('webhook.operational_event_failed').length).toBe(2);
      expect(events('webhook.operational_event').map((line) => line.meta.type)).toEqual([
        'endpoint.disabled',
        'delivery.exhausted',
      ]);
    }
  });

  it("runWorker's onOperationalEvent takes the place of the service's", async () => {
    const fromService: OperationalEvent[] = [];
    const fromWorker: OperationalEvent[] = [];
    const svc = service({ onOperationalEvent: (event) => void fromService.push(event) });
    await endpoint(svc);
    await emit(svc, 'o1');
    answers.push(410);
    const controller = new AbortController();
    const running = runWorker({
      service: svc,
      signal: controller.signal,
      idleMs: 5,
      maxIdleMs: 10,
      onOperationalEvent: (event) => {
        fromWorker.push(event);
        if (fromWorker.length === 2) controller.abort();
      },
    });
    await running;
    expect(fromWorker.map((one) => one.type).sort()).toEqual(['delivery.exhausted', 'endpoint.disabled']);
    expect(fromService).toEqual([]);
  });
});
