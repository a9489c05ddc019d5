import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it, vi } from 'vitest';
import type { Webhook } from '../storage/webhook-store';
import { breakerBook, slowEndpointHolds, workerBreakers } from './breakers';

function webhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'wh_1',
    affiliateId: 'aff_1',
    breaker: undefined,
    ...overrides,
  } as Webhook;
}

describe('breakers: the circuit-breaker book of one worker', () => {
  it('opens after the failures the options allow, holds deliveries until it cools, then lets one probe through', async () => {
    const svc = testService();
    const setBreaker = vi.fn(async () => true);
    const defer = vi.fn(async () => 0);
    const deps = {
      ...svc.deps,
      storage: {
        ...svc.deps.storage,
        webhooks: { ...svc.deps.storage.webhooks, setBreaker },
        deliveries: { ...svc.deps.storage.deliveries, defer },
      },
    };
    const book = workerBreakers(deps, { timeoutMs: 400, breaker: { failures: 2, coolingMs: 10_000 } });
    const hook = webhook();
    const at = svc.clock.now();
    expect(await book.admit(hook, at)).toBe('send');
    await book.record(hook, { succeeded: false, probe: false, at });
    expect(book.current(hook)?.state ?? 'closed').toBe('closed');
    await book.record(hook, { succeeded: false, probe: false, at });
    expect(book.current(hook)?.state).toBe('open');
    // Opening moves the endpoint's other pending deliveries to when it may next let one through.
    expect(defer).toHaveBeenCalledWith(expect.objectContaining({ webhookId: 'wh_1' }));
    const held = await book.admit(hook, at);
    expect(held).toBeInstanceOf(Date);
    expect(book.holding(at)).toEqual(['wh_1']);
    expect(await book.admit(hook, held as Date)).toBe('probe');
    // A probe that has not reported within its attempt's time-out and a second is given up on.
    expect(book.current(hook)).toMatchObject({
      state: 'half_open',
      retryAt: new Date((held as Date).getTime() + 400 + 1_000),
    });
  });

  it('a breaker another worker wrote later wins over what this one remembers', async () => {
    const svc = testService();
    const book = breakerBook({ ...svc.deps, storage: svc.deps.storage }, { probeMs: 1_000 });
    const later = { state: 'closed', failures: 0, changedAt: new Date('2030-01-01T00:00:00Z') } as const;
    expect(book.current(webhook({ breaker: later } as Partial<Webhook>))).toEqual(later);
  });
});

describe('breakers: deferral of an endpoint whose slots slow sends hold', () => {
  it('defers the endpoint by one time-out, once per time-out, and reports a failed write', async () => {
    const svc = testService();
    const defer = vi.fn().mockResolvedValueOnce(3).mockRejectedValueOnce(new Error('down'));
    const deps = {
      ...svc.deps,
      storage: { ...svc.deps.storage, deliveries: { ...svc.deps.storage.deliveries, defer } },
    };
    const report = vi.fn();
    const holdBack = slowEndpointHolds(deps, { timeoutMs: 1_000 }, report);
    const now = svc.clock.now();
    holdBack({ affiliateId: 'aff_1', webhookId: 'wh_1' });
    holdBack({ affiliateId: 'aff_1', webhookId: 'wh_1' });
    expect(defer).toHaveBeenCalledTimes(1);
    expect(defer).toHaveBeenCalledWith({
      affiliateId: 'aff_1',
      webhookId: 'wh_1',
      until: new Date(now.getTime() + 1_000),
      now,
    });
    svc.clock.advance(1_001);
    holdBack({ affiliateId: 'aff_1', webhookId: 'wh_1' });
    expect(defer).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(report).toHaveBeenCalledWith(new Error('down')));
  });
});
