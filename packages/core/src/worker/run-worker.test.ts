import {
  deliveryCapture,
  fakeHttpClient,
  fakeResolver,
  memoryLogger,
  startReceiver,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../ports/net/http-client';
import { nodeHttpClient } from '../ports/net/node-http-client';
import { nodeResolver } from '../ports/net/node-resolver';
import type { ServiceOptions } from '../service';
import { checkDeliveryOptions } from './defaults';
import type { RunSummary } from './outcome-writer';
import { runWorker } from './run-worker';

const ok: HttpOutcome = { ok: true, status: 200, headers: {}, bodyText: 'ok', latencyMs: 1 };

/** A receiver that answers when the test says so, to hold sends in flight. */
function heldReceiver() {
  const waiting: { request: HttpRequest; answer: (outcome: HttpOutcome) => void }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const http = fakeHttpClient(
    (request) =>
      new Promise<HttpOutcome>((resolve) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        waiting.push({
          request,
          answer: (outcome) => {
            inFlight -= 1;
            resolve(outcome);
          },
        });
      }),
  );
  return {
    http,
    waiting,
    maxInFlight: () => maxInFlight,
    answerAll: (outcome: HttpOutcome = ok) => {
      for (const held of waiting.splice(0)) held.answer(outcome);
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await tick();
  expect(condition()).toBe(true);
}

async function setup(overrides: Partial<ServiceOptions> = {}) {
  const capture = await deliveryCapture(['order_created'], overrides);
  const emit = async (count: number) => {
    for (let i = 0; i < count; i += 1) {
      await capture.svc.commerce.emit({
        affiliateId: 'aff_1',
        eventType: 'order_created',
        data: { order_id: `ord_${i}` },
      });
    }
  };
  return { ...capture, emit };
}

/** The size of every claim the service's storage answers from now on, in order. */
function claimSizes(svc: Awaited<ReturnType<typeof setup>>['svc']): number[] {
  const claims: number[] = [];
  const claimDue = svc.deps.storage.deliveries.claimDue.bind(svc.deps.storage.deliveries);
  svc.deps.storage.deliveries.claimDue = async (input) => {
    const claimed = await claimDue(input);
    claims.push(claimed.length);
    return claimed;
  };
  return claims;
}

function start(
  svc: Awaited<ReturnType<typeof setup>>['svc'],
  options: { batchSize: number; concurrency: number; perEndpoint?: number; maxWriteDelayMs?: number },
) {
  const controller = new AbortController();
  const summaries: RunSummary[] = [];
  const errors: unknown[] = [];
  const done = runWorker({
    service: svc,
    signal: controller.signal,
    idleMs: 1,
    maxIdleMs: 2,
    onBatch: (summary) => summaries.push(summary),
    onError: (error) => errors.push(error),
    ...options,
  });
  const total = (key: keyof RunSummary) => summaries.reduce((sum, s) => sum + s[key], 0);
  return { stop: () => controller.abort(), done, summaries, errors, total };
}

/** Answers every send until `count` were answered and recorded, then stops the worker. */
async function answerUntilDone(
  receiver: ReturnType<typeof heldReceiver>,
  worker: ReturnType<typeof start>,
  count: number,
): Promise<void> {
  while (receiver.http.requests.length < count || receiver.waiting.length > 0) {
    receiver.answerAll();
    await tick();
  }
  await until(() => worker.total('succeeded') === count);
  worker.stop();
  await worker.done;
}

describe('4 delivery: runWorker keeps sends flowing', () => {
  it('delivers everything with `concurrency` sends in flight, claiming the next batch before the current one is sent', async () => {
    const receiver = heldReceiver();
    const { svc, emit } = await setup({ http: receiver.http });
    await emit(12);
    const claims = claimSizes(svc);
    const worker = start(svc, { batchSize: 5, concurrency: 3 });
    // 3 sends held; 2 more of the first batch wait, which is below `concurrency`, so the next
    // batch is claimed while nothing has been answered yet.
    await until(() => receiver.waiting.length === 3 && claims.length >= 2);
    expect(claims.slice(0, 2)).toEqual([5, 5]);
    await answerUntilDone(receiver, worker, 12);
    expect(receiver.maxInFlight()).toBe(3);
    expect(receiver.http.requests).toHaveLength(12);
    expect(new Set(receiver.http.requests.map((r) => r.headers['X-Webhook-Id'])).size).toBe(12);
    expect(worker.errors).toEqual([]);
  });

  it('does not claim again while the deliveries it holds wait only for its one endpoint’s sends to end', async () => {
    const receiver = heldReceiver();
    const { svc, emit } = await setup({ http: receiver.http });
    await emit(20);
    const claims = claimSizes(svc);
    // One endpoint may take every sender: 3 sends held and 7 waiting behind them keep the worker busy.
    const worker = start(svc, { batchSize: 5, concurrency: 3, perEndpoint: 3 });
    await until(() => receiver.waiting.length === 3 && claims.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(claims).toEqual([5, 5]);
    // Three answers: three of the seven go, four wait, fewer than a batch, so the next one comes.
    receiver.answerAll();
    await until(() => claims.length === 3);
    expect(claims[2]).toBe(5);
    await answerUntilDone(receiver, worker, 20);
    expect(worker.errors).toEqual([]);
  });

  it('stopping: sends in flight finish and are recorded, claimed deliveries not yet sent go back at once', async () => {
    const receiver = heldReceiver();
    const { svc, emit } = await setup({ http: receiver.http });
    await emit(6);
    const worker = start(svc, { batchSize: 6, concurrency: 2 });
    await until(() => receiver.waiting.length === 2);
    worker.stop();
    receiver.answerAll();
    await worker.done;
    expect(worker.total('succeeded')).toBe(2);
    expect(worker.total('released')).toBe(4);
    expect(receiver.http.requests).toHaveLength(2);
    // No lease holds the other four: a batch claimed right now gets them, unsent and unattempted.
    Object.assign(svc.deps, { http: fakeHttpClient(() => ok) });
    const next = await svc.deliveries.runDue({ limit: 10 });
    expect(next).toMatchObject({ claimed: 4, succeeded: 4, released: 0 });
  });

  it('outcomes are written in groups of batchSize, or after maxWriteDelayMs when fewer finish', async () => {
    const receiver = heldReceiver();
    const { svc, emit } = await setup({ http: receiver.http });
    await emit(6);
    const worker = start(svc, { batchSize: 10, concurrency: 2, maxWriteDelayMs: 30 });
    const written = () => worker.summaries.map((summary) => summary.claimed);
    await until(() => receiver.waiting.length === 2);
    receiver.waiting.shift()!.answer(ok);
    // One outcome, four deliveries still queued: it waits for company, then is written alone.
    await tick();
    expect(written()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(written()).toEqual([1]);
    worker.stop();
    receiver.answerAll();
    await worker.done;
    expect(worker.total('claimed')).toBe(6);
  });

  it('a claim that throws is reported and the worker goes on', async () => {
    const { svc, emit } = await setup({ http: fakeHttpClient(() => ok) });
    await emit(3);
    const claimDue = svc.deps.storage.deliveries.claimDue.bind(svc.deps.storage.deliveries);
    let failures = 1;
    svc.deps.storage.deliveries.claimDue = async (input) => {
      if (failures-- > 0) throw new Error('database unavailable');
      return claimDue(input);
    };
    const worker = start(svc, { batchSize: 10, concurrency: 2 });
    await until(() => worker.total('succeeded') === 3);
    worker.stop();
    await worker.done;
    expect(worker.errors).toEqual([new Error('database unavailable')]);
  });
});

describe('4 delivery: the SSRF guard once per webhook per batch', () => {
  it('a batch resolves its webhook’s name once and pins every request to the checked address; the next batch checks again', async () => {
    // The second answer would be refused (loopback): a rebinding name is caught on the next batch.
    const resolver = fakeResolver({ 'hooks.example.com': [['93.184.216.34'], ['127.0.0.1']] });
    const http = fakeHttpClient(() => ok);
    const { svc, emit } = await setup({ http, resolver });
    await emit(5);
    expect(await svc.deliveries.runDue({ limit: 5 })).toMatchObject({ claimed: 5, succeeded: 5 });
    expect(resolver.lookups).toEqual(['hooks.example.com']);
    expect(http.requests.map((r) => r.pinnedAddress.address)).toEqual(Array(5).fill('93.184.216.34'));
    await emit(2);
    expect(await svc.deliveries.runDue({ limit: 5 })).toMatchObject({ claimed: 2, retrying: 2 });
    expect(resolver.lookups).toHaveLength(2);
    expect(http.requests).toHaveLength(5);
    const log = await svc.deps.storage.deliveries.listAttempts({
      affiliateId: 'aff_1',
      webhookId: (await svc.deps.storage.webhooks.list({ affiliateId: 'aff_1' }))[0]!.id,
      offset: 0,
      limit: 2,
    });
    expect(log.items.map((a) => a.error)).toEqual(Array(2).fill(expect.stringContaining('blocked_address')));
  });
});

describe('4 delivery: a lease never runs out mid-attempt', () => {
  it('a claimed delivery whose lease has less than one attempt left is given back unsent', async () => {
    // Each answer takes 600 ms of the test clock; the lease is 3.8 s and an attempt may take 1 s,
    // plus its 2 s margin.
    const { svc, emit } = await setup({ deliveries: { leaseMs: 3_800, timeoutMs: 1_000 } });
    const http = fakeHttpClient(() => {
      svc.clock.advance(600);
      return ok;
    });
    Object.assign(svc.deps, { http });
    await emit(3);
    const summary = await svc.deliveries.runDue({ limit: 10, concurrency: 1 } as { limit: number });
    // 3,800 and 3,200 ms left: sent. 2,600 ms left: released.
    expect(summary).toMatchObject({ claimed: 3, succeeded: 2, released: 1 });
    expect(http.requests).toHaveLength(2);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });
  });

  it('with the default 60 s lease and 15 s time-out, a delivery is sent while 17 s (the attempt and its 2 s margin) are left, and given back unsent with 1 ms less', async () => {
    const { svc, emit } = await setup();
    // The first answer takes 43 s of the test clock, the second 1 ms.
    const advances = [43_000, 1];
    const http = fakeHttpClient(() => {
      svc.clock.advance(advances.shift() ?? 0);
      return ok;
    });
    Object.assign(svc.deps, { http });
    await emit(3);
    const summary = await svc.deliveries.runDue({ limit: 10, concurrency: 1 } as { limit: number });
    // 60,000 and 17,000 ms left: sent. 16,999 ms left: released, unsent.
    expect(summary).toMatchObject({ claimed: 3, succeeded: 2, released: 1, late: 0 });
    expect(http.requests).toHaveLength(2);
  });

  it('a worker also keeps its write delay in hand: with the defaults it sends while 17.1 s are left', async () => {
    const { svc, emit } = await setup();
    const advances = [42_900, 1];
    const http = fakeHttpClient(() => {
      svc.clock.advance(advances.shift() ?? 0);
      return ok;
    });
    Object.assign(svc.deps, { http });
    await emit(3);
    const worker = start(svc, { batchSize: 3, concurrency: 1 });
    await until(() => worker.total('succeeded') === 3);
    worker.stop();
    await worker.done;
    // 17,100 ms left (15 s attempt, 2 s margin, 100 ms maxWriteDelayMs): sent; 17,099 ms left:
    // released, then claimed again under a fresh lease and sent.
    expect(worker.total('released')).toBe(1);
    expect(worker.total('late')).toBe(0);
    expect(http.requests).toHaveLength(3);
    expect(worker.errors).toEqual([]);
  });

  it('createService refuses a lease that cannot hold one attempt, its 2 s margin and the 100 ms write delay', () => {
    expect(() => checkDeliveryOptions({ leaseMs: 15_000 })).toThrow(
      'deliveries.leaseMs (15000) must be longer than deliveries.timeoutMs (15000) by more than 2100 ms',
    );
    expect(() => checkDeliveryOptions({ leaseMs: 17_100 })).toThrow(RangeError);
    expect(() => checkDeliveryOptions({ leaseMs: 17_101 })).not.toThrow();
    expect(() => checkDeliveryOptions({ leaseMs: 3_100, timeoutMs: 1_000 })).toThrow(RangeError);
    expect(() => checkDeliveryOptions({ leaseMs: 3_101, timeoutMs: 1_000 })).not.toThrow();
    expect(() => checkDeliveryOptions()).not.toThrow();
  });

  it('a worker refuses to start when its maxWriteDelayMs does not fit in the lease', async () => {
    const { svc } = await setup({ deliveries: { leaseMs: 20_000 } });
    await expect(
      runWorker({ service: svc, signal: new AbortController().signal, maxWriteDelayMs: 5_000 }),
    ).rejects.toThrow(
      'deliveries.leaseMs (20000) must be longer than deliveries.timeoutMs (15000) by more than 7000 ms',
    );
  });
});

describe('4 delivery: an outcome that comes after its lease is logged, not recorded', () => {
  it('an attempt that outlives its lease: its outcome writes nothing, a webhook.attempt.late warning says what it was, each attempt number is logged once', async () => {
    const { lines, logger } = memoryLogger();
    const { svc, emit, webhookId } = await setup({ logger });
    const failed: HttpOutcome = { ok: true, status: 500, headers: {}, bodyText: 'boom', latencyMs: 1 };
    let other: RunSummary | undefined;
    const http = fakeHttpClient(async () => {
      if (http.requests.length > 1) return failed;
      // The first send hangs past its time-out and its lease; meanwhile another worker claims the
      // delivery and sends it (answered 500). Then the first receiver answers 200.
      svc.clock.advance(61_000);
      other = await svc.deliveries.runDue({ limit: 10 });
      return ok;
    });
    Object.assign(svc.deps, { http });
    await emit(1);
    const late = await svc.deliveries.runDue({ limit: 10 });
    expect(other).toMatchObject({ claimed: 1, retrying: 1, late: 0 });
    expect(late).toMatchObject({ claimed: 1, succeeded: 0, retrying: 0, late: 1 });
    const log = async () =>
      (
        await svc.deps.storage.deliveries.listAttempts({
          affiliateId: 'aff_1',
          webhookId,
          offset: 0,
          limit: 10,
        })
      ).items;
    const [kept] = await log();
    expect((await log()).map((a) => [a.attempt, a.statusCode])).toEqual([[1, 500]]);
    const delivery = await svc.deps.storage.deliveries.get({
      affiliateId: 'aff_1',
      webhookId,
      id: kept!.deliveryId,
    });
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    // Its fields, and nothing else: no header, no body.
    expect(lines.filter((line) => line.meta.event === 'webhook.attempt.late')).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining('after its lease ended'),
        meta: {
          event: 'webhook.attempt.late',
          affiliateId: 'aff_1',
          webhookId,
          deliveryId: kept!.deliveryId,
          eventId: kept!.eventId,
          eventType: 'order_created',
          attempt: 1,
          succeeded: true,
          latencyMs: 1,
          statusCode: 200,
        },
      },
    ]);
    // The holder's retry is attempt 2: the numbering is the holder's.
    svc.clock.advance(6_000);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, retrying: 1, late: 0 });
    expect((await log()).map((a) => [a.attempt, a.statusCode])).toEqual([
      [2, 500],
      [1, 500],
    ]);
  });
});

describe('4 delivery: a worker without onError logs an outage once', () => {
  it('failing claims are one warning however many loops fail, then one info line saying how long they failed; the next outage warns again', async () => {
    const { lines, logger } = memoryLogger();
    const { svc, emit } = await setup({ logger });
    await emit(2);
    const claimDue = svc.deps.storage.deliveries.claimDue.bind(svc.deps.storage.deliveries);
    let down = true;
    let failedClaims = 0;
    svc.deps.storage.deliveries.claimDue = async (input) => {
      if (!down) return claimDue(input);
      failedClaims += 1;
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    };
    const controller = new AbortController();
    const summaries: RunSummary[] = [];
    // As the README calls it: no onError.
    const done = runWorker({
      service: svc,
      signal: controller.signal,
      idleMs: 1,
      maxIdleMs: 2,
      onBatch: (summary) => summaries.push(summary),
    });
    await until(() => failedClaims >= 20);
    svc.clock.advance(30_000);
    down = false;
    await until(() => summaries.reduce((sum, s) => sum + s.succeeded, 0) === 2);
    const outage = () =>
      lines.filter((line) => /^webhook\.worker\.(failing|recovered)$/.test(String(line.meta.event)));
    expect(outage()).toEqual([
      {
        level: 'warn',
        message: expect.stringContaining('failing'),
        meta: { event: 'webhook.worker.failing', cause: new Error('connect ECONNREFUSED 127.0.0.1:5432') },
      },
      {
        level: 'info',
        message: expect.stringContaining('succeed again'),
        meta: { event: 'webhook.worker.recovered', downMs: 30_000, failures: failedClaims },
      },
    ]);
    const before = failedClaims;
    down = true;
    await until(() => failedClaims >= before + 5);
    controller.abort();
    await done;
    expect(outage().map((line) => line.meta.event)).toEqual([
      'webhook.worker.failing',
      'webhook.worker.recovered',
      'webhook.worker.failing',
    ]);
  });
});

describe('4 delivery: runWorker as the README calls it', () => {
  it('with only service, signal, batchSize and concurrency: one send per event, one attempt logged each, abort resolves at once', async () => {
    const receiver = await startReceiver();
    try {
      const service = testService({
        http: nodeHttpClient(),
        resolver: nodeResolver(),
        allowPrivateNetworks: true,
      });
      const created = await service.handle(
        new Request('http://api.test/v2/webhooks', {
          method: 'POST',
          headers: { authorization: `Bearer ${testTokens.superAdmin}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Receiver', url: receiver.url, webhookInterests: ['order_created'] }),
        }),
      );
      const webhookId = ((await created.json()) as { data: { id: string } }).data.id;
      for (const order of ['ord_1', 'ord_2', 'ord_3']) {
        await service.commerce.emit({
          affiliateId: 'aff_1',
          eventType: 'order_created',
          data: { order_id: order },
        });
      }

      const stop = new AbortController();
      const delivering = runWorker({ service, signal: stop.signal, batchSize: 50, concurrency: 8 });

      const attempts = async () => {
        const response = await service.handle(
          new Request(`http://api.test/v2/webhooks/${webhookId}/deliveries`, {
            headers: { authorization: `Bearer ${testTokens.admin}` },
          }),
        );
        return ((await response.json()) as { data: { items: { succeeded: boolean }[] } }).data.items;
      };
      for (let i = 0; i < 200 && (await attempts()).length < 3; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await attempts()).toHaveLength(3);
      expect((await attempts()).every((attempt) => attempt.succeeded)).toBe(true);
      const ids = receiver.received.map((r) => r.headers['x-webhook-id']);
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);

      const started = performance.now();
      stop.abort();
      await delivering;
      expect(performance.now() - started).toBeLessThan(1_000);
      // Nothing was sent twice, and the outbox holds nothing more for this webhook.
      expect(receiver.received).toHaveLength(3);
      expect((await service.deliveries.runDue({ limit: 10 })).claimed).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
