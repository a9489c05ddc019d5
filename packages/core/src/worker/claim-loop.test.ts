import { deliveryCapture } from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import { workerBreakers } from './breakers';
import { claimLoop, type Waiting } from './claim-loop';
import { endpointSlots } from './endpoint-slots';
import { throttleBook } from './throttles';
import { workerPulse } from './worker-liveness';

async function loop(count: number, overrides: { depth?: number; idleMs?: number } = {}) {
  const capture = await deliveryCapture(['order_created']);
  const { svc } = capture;
  for (let i = 0; i < count; i += 1)
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: `o${i}` },
    });
  const controller = new AbortController();
  const waiting: Waiting[] = [];
  const failures: unknown[] = [];
  const claimed = vi.fn();
  const claimDue = vi.spyOn(svc.deps.storage.deliveries, 'claimDue');
  const slots = endpointSlots(4);
  const claimer = claimLoop(
    svc.deps,
    {},
    {
      signal: controller.signal,
      waiting,
      slots,
      breakers: workerBreakers(svc.deps, {}),
      throttles: throttleBook(svc.deps, { report: () => undefined }),
      pulse: workerPulse(svc.deps),
      storage: { failed: (error) => failures.push(error), succeeded: () => undefined },
      batchSize: 2,
      want: { depth: overrides.depth ?? 2, width: 2 },
      crowd: 100,
      idleMs: overrides.idleMs ?? 60_000,
      maxIdleMs: 60_000,
      maxWriteDelayMs: 100,
      claimed,
    },
  );
  return { ...capture, controller, waiting, slots, claimer, claimed, claimDue, failures };
}

describe('claim loop: the claimer of a running worker', () => {
  it('claims a batch into the queue, then parks until fewer than its depth wait', async () => {
    const { claimer, waiting, claimed, claimDue, controller } = await loop(3);
    const running = claimer.run();
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    expect(claimed).toHaveBeenCalledTimes(1);
    expect(claimDue).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(claimer.parked).toBe(true));
    waiting.splice(0);
    claimer.wake();
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    controller.abort();
    await running;
    claimer.stop();
    expect(claimer.done).toBe(true);
  });

  it("stays parked while what it holds waits only for its endpoint's sends in flight to end", async () => {
    const { claimer, waiting, slots, claimDue, controller } = await loop(5);
    const running = claimer.run();
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    // Every slot of the endpoint is busy: nothing could go this moment, yet two wait behind them.
    const webhookId = waiting[0]!.claimed.delivery.webhookId;
    for (let i = 0; i < 4; i += 1) slots.take(webhookId);
    claimer.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(claimDue).toHaveBeenCalledTimes(1);
    // One goes: fewer than its depth wait, so it claims the next batch.
    waiting.pop();
    claimer.wake();
    await vi.waitFor(() => expect(claimDue).toHaveBeenCalledTimes(2));
    controller.abort();
    await running;
    claimer.stop();
  });

  it('backs off while nothing is due, and a nudge ends the back-off', async () => {
    const { claimer, claimDue, controller } = await loop(0);
    const running = claimer.run();
    await vi.waitFor(() => expect(claimDue).toHaveBeenCalledTimes(1));
    claimer.nudge();
    await vi.waitFor(() => expect(claimDue).toHaveBeenCalledTimes(2));
    controller.abort();
    await running;
    claimer.stop();
    expect(claimDue).toHaveBeenCalledTimes(2);
  });

  it('a retry falling due wakes it, and a failed claim is reported', async () => {
    const { svc, claimer, claimDue, controller, failures } = await loop(0);
    claimDue.mockRejectedValueOnce(new Error('down'));
    const running = claimer.run();
    await vi.waitFor(() => expect(failures).toEqual([new Error('down')]));
    claimer.wakeAt([svc.clock.now().getTime()]);
    await vi.waitFor(() => expect(claimDue).toHaveBeenCalledTimes(2));
    controller.abort();
    await running;
    claimer.stop();
  });

  it('wakes once for each retry it is given, not only for the earliest', async () => {
    const { svc, claimer, claimDue, controller } = await loop(0);
    const running = claimer.run();
    await vi.waitFor(() => expect(claimDue).toHaveBeenCalledTimes(1));
    const now = svc.clock.now().getTime();
    // Two retries written at once and a third later, due between them; 300 and 310 share a slot.
    claimer.wakeAt([now + 100, now + 300, now + 310]);
    claimer.wakeAt([now + 200]);
    await vi.waitFor(() => expect(claimDue).toHaveBeenCalledTimes(4), { timeout: 3_000 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(claimDue).toHaveBeenCalledTimes(4);
    controller.abort();
    await running;
    claimer.stop();
  });
});
