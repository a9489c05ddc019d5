import { deliveryCapture, fakeHttpClient } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import type { HttpOutcome } from '../ports/net/http-client';
import { workerBreakers } from './breakers';
import { claimBatch } from './claimer';
import { classify, settleOne } from './senders';

const answer = (status: number, headers: Record<string, string> = {}): HttpOutcome => ({
  ok: true,
  status,
  headers,
  bodyText: '',
  latencyMs: 1,
});
const attemptAt = new Date('2026-11-23T10:00:00.000Z');
const options = { random: () => 0.5, delays: [5_000, 300_000] };

describe('senders: what an answer means', () => {
  it('a 2xx succeeds; 410 fails for good, gone; a refused connection retries on the schedule', () => {
    expect(classify(answer(204), { attempt: 1, attemptAt }, options)).toEqual({
      succeeded: true,
      gone: false,
      status: 'succeeded',
    });
    expect(classify(answer(410), { attempt: 1, attemptAt }, options)).toEqual({
      succeeded: false,
      gone: true,
      status: 'failed',
    });
    const refused: HttpOutcome = { ok: false, reason: 'connect_failed', message: 'refused', latencyMs: 0 };
    expect(classify(refused, { attempt: 1, attemptAt }, options)).toEqual({
      succeeded: false,
      gone: false,
      status: 'pending',
      next: new Date(attemptAt.getTime() + 5_000),
    });
  });

  it('the last attempt of the schedule fails; Retry-After of a 429 is honoured within the schedule', () => {
    expect(classify(answer(500), { attempt: 3, attemptAt }, options).status).toBe('failed');
    const retry = classify(answer(429, { 'retry-after': '8' }), { attempt: 1, attemptAt }, options);
    expect(retry.status).toBe('pending');
    expect(retry.next!.getTime() - attemptAt.getTime()).toBe(8_000);
  });
});

describe('senders: settling one claimed delivery', () => {
  async function claimed(overrides: Parameters<typeof deliveryCapture>[1] = {}) {
    const capture = await deliveryCapture(['order_created'], overrides);
    await capture.svc.commerce.emit({
      affiliateId: 'aff_1',
      eventType: 'order_created',
      data: { order_id: 'o' },
    });
    const batch = await claimBatch(capture.svc.deps, { limit: 10, writeDelayMs: 0 });
    return { ...capture, batch, breakers: workerBreakers(capture.svc.deps, {}) };
  }

  it('sends it signed, and answers the outcome to write', async () => {
    const http = fakeHttpClient(() => answer(200));
    const { svc, batch, breakers } = await claimed({ http });
    const settled = await settleOne(svc.deps, batch, batch.items[0]!, {}, breakers);
    expect(settled.kind).toBe('attempted');
    expect(http.requests).toHaveLength(1);
    expect(http.requests[0]!.method).toBe('POST');
    expect(Object.keys(http.requests[0]!.headers).join(' ')).toMatch(/Signature/i);
    if (settled.kind !== 'attempted') return;
    expect(settled.attempted.kind).toBe('succeeded');
    expect(settled.attempted.item.outcome).toMatchObject({
      status: 'succeeded',
      attempt: { attempt: 1, statusCode: 200 },
    });
  });

  it('gives it back unsent once too little of the lease is left', async () => {
    const http = fakeHttpClient(() => answer(200));
    const { svc, batch, breakers } = await claimed({ http });
    svc.clock.set(new Date(batch.sendBy + 1));
    const settled = await settleOne(svc.deps, batch, batch.items[0]!, {}, breakers);
    expect(settled).toEqual({ kind: 'released', claimed: batch.items[0] });
    expect(http.requests).toHaveLength(0);
  });

  it("cancels the webhook's pending deliveries when it is disabled", async () => {
    const http = fakeHttpClient(() => answer(200));
    const { svc, batch, breakers, webhookId } = await claimed({ http });
    await svc.webhooks.setStatus({ affiliateId: 'aff_1', id: webhookId, status: 'disabled' });
    const settled = await settleOne(svc.deps, batch, batch.items[0]!, {}, breakers);
    expect(settled).toEqual({ kind: 'cancelled', count: 1 });
    expect(http.requests).toHaveLength(0);
  });
});
