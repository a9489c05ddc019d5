import { deliveryCapture, fakeHttpClient, memoryLogger } from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import { workerBreakers } from './breakers';
import { claimBatch } from './claimer';
import type { OutageLog } from './outage-log';
import { dueTimes, groupedWrites, recordSettled } from './outcome-writer';
import { type Settled, settleOne } from './senders';

const status = (code: number) => () => ({
  ok: true as const,
  status: code,
  headers: {},
  bodyText: '',
  latencyMs: 1,
});

/** `count` deliveries, claimed and sent to a receiver answering `code`, not yet written. */
async function settled(count: number, code = 200) {
  const { logger, events } = memoryLogger();
  const capture = await deliveryCapture(['order_created'], {
    http: fakeHttpClient(status(code)),
    logger,
    deliveries: { random: () => 0.5 },
  });
  const { svc } = capture;
  for (let i = 0; i < count; i += 1)
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: `o${i}` },
    });
  const batch = await claimBatch(svc.deps, {
    limit: 100,
    writeDelayMs: 0,
    leaseMs: 20_000,
    timeoutMs: 1_000,
  });
  const breakers = workerBreakers(svc.deps, {});
  const group: Settled[] = [];
  for (const claimed of batch.items) group.push(await settleOne(svc.deps, batch, claimed, {}, breakers));
  return { ...capture, events, batch, group };
}

const attemptsOf = async (svc: Awaited<ReturnType<typeof settled>>['svc'], webhookId: string) =>
  (await svc.deps.storage.deliveries.listAttempts({ affiliateId: 'aff_1', webhookId, offset: 0, limit: 100 }))
    .total;

describe('outcome writer: a group of settled deliveries', () => {
  it('writes every outcome and gives back what was not sent', async () => {
    const { svc, webhookId, group, batch } = await settled(2);
    const summary = await recordSettled(
      svc.deps,
      [...group, { kind: 'released', claimed: batch.items[0]! }],
      {},
    );
    expect(summary).toMatchObject({ claimed: 3, succeeded: 2, released: 1, late: 0 });
    expect(await attemptsOf(svc, webhookId)).toBe(2);
  });

  it('an outcome that comes after its lease was taken over is logged as late, not recorded', async () => {
    const { svc, webhookId, group, events } = await settled(1, 500);
    // The lease ends and another worker claims the delivery.
    svc.clock.advance(20_001);
    expect((await claimBatch(svc.deps, { limit: 10, writeDelayMs: 0 })).items).toHaveLength(1);
    const summary = await recordSettled(svc.deps, group, {});
    expect(summary).toMatchObject({ claimed: 1, retrying: 0, late: 1 });
    expect(await attemptsOf(svc, webhookId)).toBe(0);
    expect(events('webhook.attempt.late')).toHaveLength(1);
  });

  it("knows when each of a group's outcomes is due again", async () => {
    const { group } = await settled(2, 500);
    expect(dueTimes(group)).toEqual(
      group.map((one) =>
        one.kind === 'attempted' ? one.attempted.item.outcome.nextAttemptAt!.getTime() : 0,
      ),
    );
    expect(dueTimes(group)).toHaveLength(2);
    expect(dueTimes([{ kind: 'cancelled', count: 1 }])).toEqual([]);
  });
});

describe('outcome writer: grouped writes of a running worker', () => {
  const log = (): OutageLog & { failures: unknown[] } => {
    const failures: unknown[] = [];
    return { failures, failed: (error) => failures.push(error), succeeded: () => undefined };
  };

  it('writes once a batch of outcomes waits, else after maxWriteDelayMs; drain writes the rest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { svc, group } = await settled(3);
      const written: number[] = [];
      const writes = groupedWrites(
        svc.deps,
        {},
        {
          batchSize: 2,
          maxWriteDelayMs: 100,
          storage: log(),
          nothingToSend: () => false,
          written: (summary) => written.push(summary.claimed),
        },
      );
      writes.add(group[0]!);
      expect(writes.afterSend()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(99);
      expect(written).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(written).toEqual([1]));
      writes.add(group[1]!);
      writes.add(group[2]!);
      writes.afterSend();
      await vi.waitFor(() => expect(written).toEqual([1, 2]));
      await writes.drain([]);
      expect(written).toEqual([1, 2]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed write is reported and its outcomes are left to their lease', async () => {
    const { svc, group } = await settled(1);
    const storage = log();
    const down = new Error('database down');
    const deps = {
      ...svc.deps,
      storage: {
        ...svc.deps.storage,
        deliveries: { ...svc.deps.storage.deliveries, completeMany: () => Promise.reject(down) },
      },
    };
    const writes = groupedWrites(
      deps,
      {},
      {
        batchSize: 10,
        maxWriteDelayMs: 100,
        storage,
        nothingToSend: () => true,
        written: () => undefined,
      },
    );
    writes.add(group[0]!);
    writes.afterSend();
    await writes.drain([]);
    expect(storage.failures).toEqual([down]);
  });
});
