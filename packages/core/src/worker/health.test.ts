import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../impl/memory/memory-storage';
import type { Storage, StorageCheck } from '../storage/storage';
import { runWorker } from './run-worker';

const now = '2026-11-23T10:00:00.000Z';

function storageWith(
  check: () => Promise<StorageCheck>,
  backlog?: Storage['deliveries']['backlog'],
): Storage {
  const storage = memoryStorage();
  return {
    ...storage,
    check,
    deliveries: backlog ? { ...storage.deliveries, backlog } : storage.deliveries,
  };
}
const never = <T>() => new Promise<T>(() => {});

/** Waits (a few ms at a time, 5 s at most) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 5_000; !condition(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('GET /health/ready', () => {
  it('probes that arrive while a check runs share it: a flood makes one storage call at a time', async () => {
    let checks = 0;
    const answers: ((check: StorageCheck) => void)[] = [];
    const storage = storageWith(() => {
      checks += 1;
      return new Promise((resolve) => answers.push(resolve));
    });
    const service = testService({ now, storage });
    const ready = () => service.handle(new Request('http://api.test/health/ready'));
    const first = ready();
    await until(() => checks === 1);
    const flood = Array.from({ length: 19 }, ready);
    // Every probe of the flood has reached the kernel and is waiting on the check in flight.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(checks).toBe(1);
    answers[0]!({ missingMigrations: [], unknownMigrations: [] });
    const statuses = (await Promise.all([first, ...flood])).map((response) => response.status);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(checks).toBe(1);
    // The next probe after it runs a check of its own.
    const next = ready();
    await until(() => checks === 2);
    answers[1]!({ missingMigrations: [], unknownMigrations: [] });
    expect((await next).status).toBe(200);
  });
});

describe('service.health()', () => {
  it('ok on a fresh service: storage answers, nothing missing, nothing waiting, no worker here', async () => {
    const service = testService({ now });
    expect(await service.health()).toEqual({
      status: 'ok',
      checkedAt: now,
      reasons: [],
      storage: { reachable: true, latencyMs: expect.any(Number) },
      migrations: { missing: [], unknown: [] },
      outbox: { pending: 0, due: 0 },
      workers: { running: 0, stale: 0 },
    });
  });

  it("counts this service's running workers, stale once a loop has not gone round for 60 s", async () => {
    const service = testService({ now });
    const other = testService({ now });
    const controller = new AbortController();
    // Nothing due and a long back-off: the loop sleeps, so its last round stays put.
    const done = runWorker({ service, signal: controller.signal, idleMs: 600_000, maxIdleMs: 600_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await service.health()).workers).toEqual({ running: 1, stale: 0, oldestLoopAgeMs: 0 });
    expect((await other.health()).workers).toEqual({ running: 0, stale: 0 });
    service.clock.advance(61_000);
    expect(await service.health()).toMatchObject({
      status: 'degraded',
      reasons: ['a delivery worker of this process has stopped going round'],
      workers: { running: 1, stale: 1, oldestLoopAgeMs: 61_000 },
    });
    controller.abort();
    await done;
    expect(await service.health()).toMatchObject({ status: 'ok', workers: { running: 0, stale: 0 } });
  });

  it('down when storage does not answer within timeoutMs', async () => {
    const service = testService({ now, storage: storageWith(never) });
    expect(await service.health({ timeoutMs: 20 })).toEqual({
      status: 'down',
      checkedAt: now,
      reasons: ['storage did not answer in time'],
      storage: { reachable: false, latencyMs: expect.any(Number) },
      workers: { running: 0, stale: 0 },
    });
  });

  it('down when shipped migrations are missing; degraded when the database has ones this code does not ship', async () => {
    const missing = testService({
      now,
      storage: storageWith(async () => ({ missingMigrations: [12], unknownMigrations: [] })),
    });
    expect(await missing.health()).toMatchObject({
      status: 'down',
      reasons: ['migrations are missing'],
      migrations: { missing: [12], unknown: [] },
    });
    const newer = testService({
      now,
      storage: storageWith(async () => ({ missingMigrations: [], unknownMigrations: [99] })),
    });
    expect(await newer.health()).toMatchObject({
      status: 'degraded',
      reasons: ['the database has migrations this code does not ship'],
    });
  });

  it('degraded when the backlog cannot be read in time; thresholds can be changed', async () => {
    const slow = testService({
      now,
      storage: storageWith(async () => ({ missingMigrations: [], unknownMigrations: [] }), never),
    });
    const report = await slow.health({ timeoutMs: 20 });
    expect(report).toMatchObject({
      status: 'degraded',
      reasons: ['the outbox backlog could not be read in time'],
    });
    expect(report.outbox).toBeUndefined();

    const service = testService({ now });
    const due = new Date(new Date(now).getTime() - 90_000);
    await service.deps.storage.deliveries.enqueue({
      deliveries: [
        {
          id: 'dlv_1',
          affiliateId: 'aff_1',
          webhookId: 'whk_1',
          eventId: 'evt_1',
          eventType: 'order_created',
          status: 'pending',
          attempts: 0,
          nextAttemptAt: due,
          createdAt: due,
          updatedAt: due,
        },
      ],
    });
    expect((await service.health()).status).toBe('ok');
    expect(await service.health({ maxDueAgeMs: 60_000 })).toMatchObject({
      status: 'degraded',
      outbox: { pending: 1, due: 1, oldestDueAgeMs: 90_000 },
    });
  });
});
