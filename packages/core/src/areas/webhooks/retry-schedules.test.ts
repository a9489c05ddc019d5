import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { retryDelaysOf } from './retry-schedules';

function service(deliveries: Record<string, unknown> = {}): TestService {
  return testService({
    http: fakeHttpClient(() => ({ ok: true, status: 500, headers: {}, bodyText: 'down', latencyMs: 1 })),
    resolver: fakeResolver({ 'hooks.example.com': ['93.184.216.34'] }),
    // No jitter, so each retry is due exactly at its delay.
    deliveries: { random: () => 0.5, ...deliveries },
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
  // biome-ignore lint/suspicious/noExplicitAny: answers of several routes, read field by field
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

const endpoint = {
  name: 'Orders',
  url: 'https://hooks.example.com/orders',
  webhookInterests: ['order_created'],
};

const emitOrder = (svc: TestService) =>
  svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: 'o1' } });

/** Runs the due deliveries after `ms`, and answers how many were attempted. */
async function after(svc: TestService, ms: number): Promise<number> {
  svc.clock.advance(ms);
  return (await svc.deliveries.runDue({ limit: 10 })).claimed;
}

describe('retry schedules: what the API takes (api.md: retry schedules)', () => {
  it.each([
    [{ delaysMs: [500] }, 'retrySchedule.delaysMs.0'],
    [{ delaysMs: [1_000, 90_000_000] }, 'retrySchedule.delaysMs.1'],
    [{ delaysMs: [1.5e3, 2_000.5] }, 'retrySchedule.delaysMs.1'],
    [{ delaysMs: Array.from({ length: 21 }, () => 1_000) }, 'retrySchedule.delaysMs'],
    [{ exponential: { firstMs: 1_000, maxMs: 500, retries: 3 } }, 'retrySchedule.exponential.maxMs'],
    [{ exponential: { firstMs: 1_000, maxMs: 5_000, retries: 21 } }, 'retrySchedule.exponential.retries'],
    [
      { exponential: { firstMs: 1_000, maxMs: 5_000, retries: 3, factor: 0.5 } },
      'retrySchedule.exponential.factor',
    ],
    [{ exponential: { firstMs: 1_000, maxMs: 5_000 } }, 'retrySchedule.exponential.retries'],
    [{}, 'retrySchedule'],
    [{ delaysMs: [1_000], exponential: { firstMs: 1_000, maxMs: 5_000, retries: 3 } }, 'retrySchedule'],
    [{ delays: [1_000] }, 'retrySchedule'],
    ['5s', 'retrySchedule'],
  ])('refuses %j with 422 INVALID_FIELD naming %s', async (retrySchedule, field) => {
    const svc = service();
    const created = await api(svc, 'POST', '/v2/webhooks', { ...endpoint, retrySchedule });
    expect(created.status).toBe(422);
    expect(created.json).toMatchObject({ success: false, error: { code: 'INVALID_FIELD', field } });
    const ok = await api(svc, 'POST', '/v2/webhooks', endpoint);
    const updated = await api(svc, 'PUT', `/v2/webhooks/${ok.json.data.id}`, { retrySchedule });
    expect(updated.status).toBe(422);
    expect(updated.json.error.field).toBe(field);
  });

  it('keeps a schedule, shows it, replaces it and removes it with null', async () => {
    const svc = service();
    const created = await api(svc, 'POST', '/v2/webhooks', {
      ...endpoint,
      retrySchedule: { delaysMs: [1_000, 2_000] },
    });
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    expect(created.json.data.retrySchedule).toEqual({ delaysMs: [1_000, 2_000] });
    const exponential = { firstMs: 10_000, maxMs: 60_000, retries: 5 };
    const updated = await api(svc, 'PUT', `/v2/webhooks/${id}`, { retrySchedule: { exponential } });
    expect(updated.json.data.retrySchedule).toEqual({ exponential: { ...exponential, factor: 2 } });
    expect(
      (await api(svc, 'PUT', `/v2/webhooks/${id}`, { name: 'Renamed' })).json.data.retrySchedule,
    ).toEqual({
      exponential: { ...exponential, factor: 2 },
    });
    const removed = await api(svc, 'PUT', `/v2/webhooks/${id}`, { retrySchedule: null });
    expect(removed.json.data).not.toHaveProperty('retrySchedule');
  });

  it('exponential delays grow by the factor up to the cap', () => {
    expect(retryDelaysOf({ exponential: { firstMs: 1_000, maxMs: 5_000, retries: 5 } })).toEqual([
      1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
    expect(retryDelaysOf({ exponential: { firstMs: 1_000, factor: 3, maxMs: 60_000, retries: 3 } })).toEqual([
      1_000, 3_000, 9_000,
    ]);
  });

  it('createService refuses a host schedule out of bounds, or for an event no webhook can subscribe to', () => {
    expect(() => service({ retrySchedules: { order_created: { delaysMs: [10] } } })).toThrow(
      /deliveries\.retrySchedules\.order_created\.delaysMs\.0 is invalid: must be at least 1000 ms/,
    );
    expect(() => service({ retrySchedules: { no_such_event: { delaysMs: [1_000] } } })).toThrow(RangeError);
    expect(() => service({ retrySchedules: { order_created: { delaysMs: [1_000] } } })).not.toThrow();
  });
});

describe('retry schedules: when deliveries are retried (api.md: retry schedules)', () => {
  it("an endpoint's own schedule comes first; the delivery detail shows it and the next attempt", async () => {
    const svc = service({ retrySchedules: { order_created: { delaysMs: [50_000] } } });
    await api(svc, 'POST', '/v2/webhooks', { ...endpoint, retrySchedule: { delaysMs: [2_000, 7_000] } });
    await emitOrder(svc);
    expect(await after(svc, 0)).toBe(1);
    const [row] = (await api(svc, 'GET', '/v2/deliveries')).json.data.deliveries;
    const detail = (await api(svc, 'GET', `/v2/deliveries/${row.id}`)).json.data;
    expect(detail.retrySchedule).toEqual({ source: 'endpoint', delaysMs: [2_000, 7_000], maxAttempts: 3 });
    expect(detail.delivery.nextAttemptAt).toBe(new Date(svc.clock.now().getTime() + 2_000).toISOString());
    expect(await after(svc, 1_999)).toBe(0);
    expect(await after(svc, 1)).toBe(1);
    expect(await after(svc, 6_999)).toBe(0);
    expect(await after(svc, 1)).toBe(1);
    // Three attempts in all: the delivery failed and waits for a manual retry.
    expect(await after(svc, 86_400_000)).toBe(0);
    const failed = (await api(svc, 'GET', `/v2/deliveries/${row.id}`)).json.data;
    expect(failed.delivery).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it("the host's schedule for the event type, else the service's delays; others keep the default", async () => {
    const svc = service({
      retrySchedules: { order_created: { exponential: { firstMs: 3_000, maxMs: 3_000, retries: 1 } } },
    });
    await api(svc, 'POST', '/v2/webhooks', endpoint);
    await emitOrder(svc);
    expect(await after(svc, 0)).toBe(1);
    const [row] = (await api(svc, 'GET', '/v2/deliveries')).json.data.deliveries;
    expect((await api(svc, 'GET', `/v2/deliveries/${row.id}`)).json.data.retrySchedule).toEqual({
      source: 'event_type',
      delaysMs: [3_000],
      maxAttempts: 2,
    });
    expect(await after(svc, 2_999)).toBe(0);
    expect(await after(svc, 1)).toBe(1);

    const plain = service();
    await api(plain, 'POST', '/v2/webhooks', endpoint);
    await emitOrder(plain);
    await after(plain, 0);
    const [one] = (await api(plain, 'GET', '/v2/deliveries')).json.data.deliveries;
    expect((await api(plain, 'GET', `/v2/deliveries/${one.id}`)).json.data.retrySchedule).toEqual({
      source: 'service',
      delaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      maxAttempts: 8,
    });
  });
});
