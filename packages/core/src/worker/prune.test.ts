import { type TestService, testService, testTokens } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { Delivery, DeliveryStatus } from '../storage/delivery-store';
import { runWorker } from './run-worker';

const now = '2026-11-23T10:00:00.000Z';
const day = 86_400_000;
const daysAgo = (days: number) => new Date(new Date(now).getTime() - days * day);

/** One event per delivery, each with one logged attempt, last changed `days` ago. */
async function seed(service: TestService, rows: readonly [string, DeliveryStatus, number][]) {
  const { deliveries } = service.deps.storage;
  for (const [id, status, days] of rows) {
    const at = daysAgo(days);
    await deliveries.insertEvent({
      event: {
        eventId: `evt_${id}`,
        eventType: 'order_created',
        affiliateId: 'aff_1',
        occurredAt: at,
        data: {},
      },
    });
    const delivery: Delivery = {
      id,
      affiliateId: 'aff_1',
      webhookId: 'whk_1',
      eventId: `evt_${id}`,
      eventType: 'order_created',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    };
    await deliveries.enqueue({ deliveries: [delivery] });
    // Claimed when due and completed with its lease, as a worker does: the attempt is logged
    // and the delivery takes its status.
    const leaseToken = `lease_${id}`;
    const claimed = await deliveries.claimDue({ now: at, limit: 1, leaseMs: 60_000, leaseToken });
    expect(claimed.map((c) => c.delivery.id)).toEqual([id]);
    const recorded = await deliveries.complete({
      affiliateId: 'aff_1',
      id,
      leaseToken,
      updatedAt: at,
      outcome: {
        status,
        ...(status === 'pending' ? { nextAttemptAt: daysAgo(-1) } : {}),
        attempt: {
          id: `att_${id}`,
          deliveryId: id,
          affiliateId: 'aff_1',
          webhookId: 'whk_1',
          eventId: `evt_${id}`,
          eventType: 'order_created',
          attempt: 1,
          attemptedAt: at,
          payloadVersion: 'v2',
          succeeded: status === 'succeeded',
          latencyMs: 3,
        },
      },
    });
    expect(recorded).toBe(true);
  }
}

const rows: [string, DeliveryStatus, number][] = [
  ['dlv_ok_old', 'succeeded', 31],
  ['dlv_ok_new', 'succeeded', 29],
  ['dlv_cancelled_old', 'cancelled', 40],
  ['dlv_failed_old', 'failed', 91],
  ['dlv_failed_new', 'failed', 89],
  ['dlv_pending_old', 'pending', 200],
];

const left = async (service: TestService) => {
  const found = await Promise.all(
    rows.map(([id]) => service.deps.storage.deliveries.get({ affiliateId: 'aff_1', webhookId: 'whk_1', id })),
  );
  return found.filter((d) => d !== undefined).map((d) => d.id);
};

describe('deliveries.prune', () => {
  it('by default removes succeeded and cancelled deliveries after 30 days, failed after 90, with attempts and events', async () => {
    const service = testService({ now });
    await seed(service, rows);
    expect(await service.deliveries.prune({ batchSize: 1 })).toEqual({
      deliveries: 3,
      attempts: 3,
      events: 3,
    });
    expect(await left(service)).toEqual(['dlv_ok_new', 'dlv_failed_new', 'dlv_pending_old']);
    expect(
      await service.deps.storage.deliveries.getEvent({ affiliateId: 'aff_1', eventId: 'evt_dlv_ok_old' }),
    ).toBeUndefined();
    expect(
      await service.deps.storage.deliveries.getEvent({
        affiliateId: 'aff_1',
        eventId: 'evt_dlv_pending_old',
      }),
    ).toBeDefined();
    expect(await service.deliveries.prune()).toEqual({ deliveries: 0, attempts: 0, events: 0 });
  });

  it('takes other ages', async () => {
    const service = testService({ now });
    await seed(service, rows);
    expect(await service.deliveries.prune({ olderThanMs: 35 * day, failedOlderThanMs: 10 * day })).toEqual({
      deliveries: 3,
      attempts: 3,
      events: 3,
    });
    expect(await left(service)).toEqual(['dlv_ok_old', 'dlv_ok_new', 'dlv_pending_old']);
  });

  it('keeps an event no delivery refers to as long as deliveries are kept, from when it occurred: the event log lists it until then', async () => {
    const service = testService({ now });
    await service.affiliates.upsert({ id: 'aff_1', name: 'One' });
    const emitted = await service.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'payment_failed',
      data: { order_id: 'ord_1', payment_status: 'failed' },
    });
    const eventId = emitted.eventId;
    const listed = async () => {
      const response = await service.handle(
        new Request('http://api.test/v2/events', {
          headers: { authorization: `Bearer ${testTokens.admin}` },
        }),
      );
      const { data } = (await response.json()) as { data: { events: { event_id: string }[] } };
      return data.events.map((event) => event.event_id);
    };
    service.clock.advance(30 * day);
    expect(await service.deliveries.prune()).toMatchObject({ events: 0 });
    expect(await listed()).toEqual([eventId]);
    service.clock.advance(1);
    expect(await service.deliveries.prune()).toMatchObject({ events: 1 });
    expect(await listed()).toEqual([]);
  });

  it('refuses ages and batch sizes that make no sense', async () => {
    const service = testService({ now });
    await expect(service.deliveries.prune({ olderThanMs: -1 })).rejects.toThrow(TypeError);
    await expect(service.deliveries.prune({ failedOlderThanMs: Number.NaN })).rejects.toThrow(TypeError);
    await expect(service.deliveries.prune({ batchSize: 0 })).rejects.toThrow(TypeError);
  });
});

describe('runWorker({ prune })', () => {
  it('prunes when it starts and every `everyMs` while it works, and stops with the worker', async () => {
    const service = testService({ now });
    await seed(service, rows);
    const controller = new AbortController();
    const pruned: number[] = [];
    const done = runWorker({
      service,
      signal: controller.signal,
      idleMs: 1,
      maxIdleMs: 2,
      prune: { everyMs: 5, onPrune: (removed) => pruned.push(removed.deliveries) },
    });
    for (let i = 0; i < 200 && pruned.length < 3; i += 1) await new Promise((r) => setTimeout(r, 2));
    controller.abort();
    await done;
    expect(pruned.slice(0, 3)).toEqual([3, 0, 0]);
    expect(await left(service)).toEqual(['dlv_ok_new', 'dlv_failed_new', 'dlv_pending_old']);
  });

  it('a prune that fails is reported and the worker goes on', async () => {
    const service = testService({ now });
    const storage = service.deps.storage;
    const failing = testService({
      now,
      storage: {
        ...storage,
        deliveries: { ...storage.deliveries, prune: () => Promise.reject(new Error('disk full')) },
      },
    });
    const controller = new AbortController();
    const errors: unknown[] = [];
    const done = runWorker({
      service: failing,
      signal: controller.signal,
      idleMs: 1,
      maxIdleMs: 2,
      onError: (error) => errors.push(error),
      prune: { everyMs: 5 },
    });
    for (let i = 0; i < 200 && errors.length < 2; i += 1) await new Promise((r) => setTimeout(r, 2));
    controller.abort();
    await done;
    expect(errors.slice(0, 2).map(String)).toEqual(['Error: disk full', 'Error: disk full']);
  });

  it('without onError, failing prunes are logged once, and once more when a prune succeeds again', async () => {
    const lines: { level: string; meta: Record<string, unknown> }[] = [];
    const keep =
      (level: string) =>
      (_message: string, meta: Record<string, unknown> = {}) =>
        lines.push({ level, meta });
    const service = testService({ now });
    const storage = service.deps.storage;
    let failing = true;
    let failures = 0;
    const prune: typeof storage.deliveries.prune = async (input) => {
      if (!failing) return storage.deliveries.prune(input);
      failures += 1;
      throw new Error('disk full');
    };
    const logged = testService({
      now,
      logger: { error: keep('error'), warn: keep('warn'), info: keep('info') },
      storage: { ...storage, deliveries: { ...storage.deliveries, prune } },
    });
    const controller = new AbortController();
    const done = runWorker({
      service: logged,
      signal: controller.signal,
      idleMs: 1,
      maxIdleMs: 2,
      prune: { everyMs: 2 },
    });
    for (let i = 0; i < 200 && failures < 5; i += 1) await new Promise((r) => setTimeout(r, 2));
    expect(failures).toBeGreaterThanOrEqual(5);
    logged.clock.advance(3_600_000);
    failing = false;
    const events = () =>
      lines.map((line) => line.meta.event).filter((event) => String(event).startsWith('webhook.prune.'));
    for (let i = 0; i < 200 && events().length < 2; i += 1) await new Promise((r) => setTimeout(r, 2));
    controller.abort();
    await done;
    expect(lines.filter((line) => String(line.meta.event).startsWith('webhook.prune.'))).toEqual([
      { level: 'warn', meta: { event: 'webhook.prune.failing', cause: new Error('disk full') } },
      { level: 'info', meta: { event: 'webhook.prune.recovered', downMs: 3_600_000, failures } },
    ]);
  });

  it('refuses an everyMs that is not a positive number', async () => {
    const service = testService({ now });
    await expect(
      runWorker({ service, signal: new AbortController().signal, prune: { everyMs: 0 } }),
    ).rejects.toThrow(TypeError);
  });
});
