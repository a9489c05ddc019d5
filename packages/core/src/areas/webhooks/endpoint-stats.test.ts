import {
  fakeHttpClient,
  fakeResolver,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';

const hourMs = 3_600_000;

/** Receivers behind a fake network: `ok.example.com` answers 200, `down.example.com` 500. */
function service(): TestService {
  return testService({
    now: '2026-11-23T10:20:00.000Z',
    http: fakeHttpClient((request) => ({
      ok: true,
      status: new URL(request.url).hostname === 'down.example.com' ? 500 : 200,
      headers: {},
      bodyText: '',
      latencyMs: 7,
    })),
    resolver: fakeResolver({ 'ok.example.com': ['93.184.216.34'], 'down.example.com': ['93.184.216.35'] }),
    deliveries: { random: () => 0.5 },
  });
}

async function api(
  svc: TestService,
  method: string,
  path: string,
  body?: unknown,
  token: string = testTokens.superAdmin,
) {
  const response = await svc.handle(
    new Request(`http://api.test${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const json = (await response.json()) as {
    data: Record<string, unknown>;
    error?: { code: string; field?: string };
  };
  return { status: response.status, data: json.data, error: json.error };
}

async function webhook(svc: TestService, host: string): Promise<string> {
  const created = await api(svc, 'POST', '/v2/webhooks', {
    name: host,
    url: `https://${host}/hook`,
    webhookInterests: ['order_created'],
  });
  expect(created.status).toBe(201);
  return created.data.id as string;
}

const order = (svc: TestService, orderId: string) =>
  svc.commerce.emit({ affiliateId: 'aff_1', eventType: 'order_created', data: { order_id: orderId } });

interface Stats {
  webhookId: string;
  from: string;
  to: string;
  hours: { hour: string; succeeded: number; failed: number }[];
  succeeded: number;
  failed: number;
  successRate: number | null;
  health: { status: string; since?: string; until?: string; reason?: string };
}

async function stats(svc: TestService, id: string, query = ''): Promise<Stats> {
  const answer = await api(svc, 'GET', `/v2/webhooks/${id}/stats${query}`);
  expect(answer.status).toBe(200);
  return answer.data as unknown as Stats;
}

describe('GET /v2/webhooks/{id}/stats', () => {
  it('a webhook with no attempts: 24 zero hours ending with the current one, no success rate, idle', async () => {
    const svc = service();
    const id = await webhook(svc, 'ok.example.com');
    const answer = await stats(svc, id);
    expect(answer).toMatchObject({
      webhookId: id,
      from: '2026-11-22T11:00:00.000Z',
      to: '2026-11-23T11:00:00.000Z',
      succeeded: 0,
      failed: 0,
      successRate: null,
      health: { status: 'idle' },
    });
    expect(answer.hours).toHaveLength(24);
    expect(answer.hours[0]).toEqual({ hour: '2026-11-22T11:00:00.000Z', succeeded: 0, failed: 0 });
    expect(answer.hours.at(-1)).toEqual({ hour: '2026-11-23T10:00:00.000Z', succeeded: 0, failed: 0 });
    expect(answer.hours.every((hour) => hour.succeeded === 0 && hour.failed === 0)).toBe(true);
  });

  it('counts what the worker attempted into its hour: totals, rate and health follow the endpoint', async () => {
    const svc = service();
    const ok = await webhook(svc, 'ok.example.com');
    const down = await webhook(svc, 'down.example.com');
    await order(svc, 'ord_1');
    await order(svc, 'ord_2');
    await svc.deliveries.runDue({ limit: 50 });

    const good = await stats(svc, ok);
    expect(good.hours.at(-1)).toEqual({ hour: '2026-11-23T10:00:00.000Z', succeeded: 2, failed: 0 });
    expect(good).toMatchObject({ succeeded: 2, failed: 0, successRate: 1, health: { status: 'healthy' } });
    const bad = await stats(svc, down);
    expect(bad.hours.at(-1)).toEqual({ hour: '2026-11-23T10:00:00.000Z', succeeded: 0, failed: 2 });
    // Two failures on a closed breaker: failing, not yet open.
    expect(bad).toMatchObject({ succeeded: 0, failed: 2, successRate: 0, health: { status: 'failing' } });

    svc.clock.advance(hourMs);
    await order(svc, 'ord_3');
    await svc.deliveries.runDue({ limit: 50 });
    const later = await stats(svc, ok, '?hours=2');
    expect(later).toMatchObject({
      from: '2026-11-23T10:00:00.000Z',
      to: '2026-11-23T12:00:00.000Z',
      hours: [
        { hour: '2026-11-23T10:00:00.000Z', succeeded: 2, failed: 0 },
        { hour: '2026-11-23T11:00:00.000Z', succeeded: 1, failed: 0 },
      ],
      succeeded: 3,
      successRate: 1,
    });
    expect((await stats(svc, ok, '?hours=1')).hours).toEqual([
      { hour: '2026-11-23T11:00:00.000Z', succeeded: 1, failed: 0 },
    ]);
    // The counts agree with the attempt log, retries included.
    const log = await svc.deps.storage.deliveries.listAttempts({
      affiliateId: 'aff_1',
      webhookId: down,
      offset: 0,
      limit: 100,
    });
    const downStats = await stats(svc, down, '?hours=168');
    expect(downStats.succeeded + downStats.failed).toBe(log.total);
    expect(downStats.hours).toHaveLength(168);
  });

  it('health: an open or half-open breaker is breaker_open from its outage to its next probe', async () => {
    const svc = service();
    const id = await webhook(svc, 'ok.example.com');
    const openedAt = new Date('2026-11-23T09:40:00.000Z');
    const retryAt = new Date('2026-11-23T10:30:00.000Z');
    const open = {
      state: 'open',
      failures: 5,
      openedAt,
      retryAt,
      coolingMs: 600_000,
      changedAt: openedAt,
    } as const;
    expect(
      await svc.deps.storage.webhooks.setBreaker({
        affiliateId: 'aff_1',
        id,
        breaker: open,
        expected: undefined,
      }),
    ).toBe(true);
    const breakerOpen = {
      status: 'breaker_open',
      since: '2026-11-23T09:40:00.000Z',
      until: '2026-11-23T10:30:00.000Z',
    };
    expect((await stats(svc, id)).health).toEqual(breakerOpen);
    const halfOpen = { ...open, state: 'half_open' as const, changedAt: retryAt };
    await svc.deps.storage.webhooks.setBreaker({
      affiliateId: 'aff_1',
      id,
      breaker: halfOpen,
      expected: open,
    });
    expect((await stats(svc, id)).health).toEqual(breakerOpen);
    // Closed again after a success: no failures, no attempts in the window, so idle.
    const closed = { state: 'closed', failures: 0, changedAt: retryAt } as const;
    await svc.deps.storage.webhooks.setBreaker({
      affiliateId: 'aff_1',
      id,
      breaker: closed,
      expected: halfOpen,
    });
    expect((await stats(svc, id)).health).toEqual({ status: 'idle' });
  });

  it('health: a disabled webhook says why and since when, whatever its breaker', async () => {
    const svc = service();
    const id = await webhook(svc, 'down.example.com');
    await order(svc, 'ord_1');
    await svc.deliveries.runDue({ limit: 50 });
    expect((await api(svc, 'PATCH', `/v2/webhooks/${id}/status`, { status: 'disabled' })).status).toBe(200);
    const answer = await stats(svc, id);
    expect(answer.health).toEqual({
      status: 'disabled',
      reason: 'manual',
      since: '2026-11-23T10:20:00.000Z',
    });
    expect(answer.failed).toBe(1);
  });

  it("another affiliate's webhook and an unknown one are 404; admins read, agents may not", async () => {
    const svc = service();
    const id = await webhook(svc, 'ok.example.com');
    const other = await api(svc, 'GET', `/v2/webhooks/${id}/stats`, undefined, testTokens.otherSuperAdmin);
    expect(other.status).toBe(404);
    expect(other.error?.code).toBe('NOT_FOUND');
    expect((await api(svc, 'GET', '/v2/webhooks/whk_missing/stats')).status).toBe(404);
    expect((await api(svc, 'GET', `/v2/webhooks/${id}/stats`, undefined, testTokens.admin)).status).toBe(200);
    expect((await api(svc, 'GET', `/v2/webhooks/${id}/stats`, undefined, testTokens.agent)).status).toBe(403);
  });

  it.each(['0', '169', 'abc', '1.5', '', '-3'])('hours=%s is 422 INVALID_FIELD on hours', async (hours) => {
    const svc = service();
    const id = await webhook(svc, 'ok.example.com');
    const answer = await api(svc, 'GET', `/v2/webhooks/${id}/stats?hours=${hours}`);
    expect(answer.status).toBe(422);
    expect(answer.error).toMatchObject({ code: 'INVALID_FIELD', field: 'hours' });
  });
});
