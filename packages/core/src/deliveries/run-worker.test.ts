import {
  deliveryCapture,
  fakeHttpClient,
  fakeResolver,
  startReceiver,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome, HttpRequest } from '../net/http-client';
import { nodeHttpClient } from '../net/node-http-client';
import { nodeResolver } from '../net/node-resolver';
import type { ServiceOptions } from '../service';
import { checkDeliveryOptions, type RunSummary } from './run-due';
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

function start(
  svc: Awaited<ReturnType<typeof setup>>['svc'],
  options: { batchSize: number; concurrency: number; maxWriteDelayMs?: number },
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

describe('4 delivery: runWorker keeps sends flowing', () => {
  it('delivers everything with `concurrency` sends in flight, claiming the next batch before the current one is sent', async () => {
    const receiver = heldReceiver();
    const { svc, emit } = await setup({ http: receiver.http });
    await emit(12);
    const claims: number[] = [];
    const claimDue = svc.deps.storage.deliveries.claimDue.bind(svc.deps.storage.deliveries);
    svc.deps.storage.deliveries.claimDue = async (input) => {
      const claimed = await claimDue(input);
      claims.push(claimed.length);
      return claimed;
    };
    const worker = start(svc, { batchSize: 5, concurrency: 3 });
    // 3 sends held; 2 more of the first batch wait, which is below `concurrency`, so the next
    // batch is claimed while nothing has been answered yet.
    await until(() => receiver.waiting.length === 3 && claims.length >= 2);
    expect(claims.slice(0, 2)).toEqual([5, 5]);
    while (receiver.http.requests.length < 12 || receiver.waiting.length > 0) {
      receiver.answerAll();
      await tick();
    }
    await until(() => worker.total('succeeded') === 12);
    worker.stop();
    await worker.done;
    expect(receiver.maxInFlight()).toBe(3);
    expect(receiver.http.requests).toHaveLength(12);
    expect(new Set(receiver.http.requests.map((r) => r.headers['X-Webhook-Id'])).size).toBe(12);
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
    // Each answer takes 600 ms of the test clock; the lease is 2 s and an attempt may take 1 s.
    const { svc, emit } = await setup({ deliveries: { leaseMs: 2_000, timeoutMs: 1_000 } });
    const http = fakeHttpClient(() => {
      svc.clock.advance(600);
      return ok;
    });
    Object.assign(svc.deps, { http });
    await emit(3);
    const summary = await svc.deliveries.runDue({ limit: 10, concurrency: 1 } as { limit: number });
    // 2,000 and 1,400 ms left: sent. 800 ms left: released.
    expect(summary).toMatchObject({ claimed: 3, succeeded: 2, released: 1 });
    expect(http.requests).toHaveLength(2);
    expect(await svc.deliveries.runDue({ limit: 10 })).toMatchObject({ claimed: 1, succeeded: 1 });
  });

  it('createService refuses a lease no longer than one attempt', () => {
    expect(() => checkDeliveryOptions({ leaseMs: 15_000 })).toThrow(
      'deliveries.leaseMs (15000) must be longer than deliveries.timeoutMs (15000)',
    );
    expect(() => checkDeliveryOptions({ leaseMs: 3_000, timeoutMs: 1_000 })).not.toThrow();
    expect(() => checkDeliveryOptions()).not.toThrow();
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
