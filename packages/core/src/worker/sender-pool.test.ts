import { deliveryCapture, fakeHttpClient } from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import type { HttpOutcome } from '../ports/net/http-client';
import { workerBreakers } from './breakers';
import type { Waiting } from './claim-loop';
import { claimBatch } from './claimer';
import { endpointSlots } from './endpoint-slots';
import { senderPool } from './sender-pool';
import type { Settled } from './senders';
import { throttleBook } from './throttles';
import { workerPulse } from './worker-liveness';

const ok: HttpOutcome = { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 1 };

async function pool(
  count: number,
  options: { perEndpoint: number; concurrency: number; timeoutMs?: number },
) {
  const held: (() => void)[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const http = fakeHttpClient(async () => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise<void>((resolve) => held.push(resolve));
    inFlight -= 1;
    return ok;
  });
  const { svc } = await deliveryCapture(['order_created'], { http });
  for (let i = 0; i < count; i += 1)
    await svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: `o${i}` },
    });
  const batch = await claimBatch(svc.deps, { limit: 100, writeDelayMs: 100 });
  const waiting: Waiting[] = batch.items.map((claimed) => ({ batch, claimed }));
  const controller = new AbortController();
  const written: Settled[] = [];
  const claimer = { done: true, parked: false, wake: vi.fn(), nudge: vi.fn() };
  const holdBack = vi.fn();
  const senders = senderPool(
    svc.deps,
    { timeoutMs: options.timeoutMs ?? 1_000 },
    {
      signal: controller.signal,
      waiting,
      slots: endpointSlots(options.perEndpoint),
      concurrency: options.concurrency,
      want: { depth: 1, width: 1 },
      crowd: 100,
      breakers: workerBreakers(svc.deps, {}),
      throttles: throttleBook(svc.deps, { report: () => undefined }),
      pulse: workerPulse(svc.deps),
      storage: { failed: (error) => expect.unreachable(String(error)), succeeded: () => undefined },
      claimer,
      writes: { add: (one) => written.push(one), afterSend: () => undefined },
      holdBack,
    },
  );
  return {
    senders,
    written,
    held,
    holdBack,
    claimer,
    maxInFlight: () => maxInFlight,
    releaseAll: () => {
      for (const release of held.splice(0)) release();
    },
  };
}

describe('sender pool: the senders of a running worker', () => {
  it('keeps to the per-endpoint cap, hands every outcome to the writer, and stops once nothing is left', async () => {
    const { senders, written, held, releaseAll, maxInFlight } = await pool(4, {
      perEndpoint: 2,
      concurrency: 4,
    });
    senders.start();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    const finished = senders.finished();
    for (let i = 0; i < 3; i += 1) {
      releaseAll();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await finished;
    expect(maxInFlight()).toBe(2);
    expect(written.map((one) => one.kind)).toEqual(['attempted', 'attempted', 'attempted', 'attempted']);
  });

  it('a slow send hands its place to another sender, and an endpoint held by slow sends is deferred', async () => {
    const { senders, held, holdBack, releaseAll } = await pool(3, {
      perEndpoint: 1,
      concurrency: 1,
      timeoutMs: 80,
    });
    senders.start();
    await vi.waitFor(() =>
      expect(holdBack).toHaveBeenCalledWith(expect.objectContaining({ affiliateId: 'aff_1' })),
    );
    expect(held).toHaveLength(1);
    const finished = senders.finished();
    for (let i = 0; i < 4; i += 1) {
      releaseAll();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await finished;
  });
});
