import { testService } from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import {
  checkDeliveryOptions,
  concurrencyOf,
  defaultConcurrency,
  defaultLeaseMs,
  defaultMaxWriteDelayMs,
  defaultPerEndpoint,
  defaultTimeoutMs,
  leaseMarginMs,
  leaseMsOf,
  leaseNeededMs,
  perEndpointOf,
  timeoutMsOf,
} from './defaults';

describe('delivery defaults', () => {
  it('are the documented ones (docs/api.md §11.3): 15 s attempts, 60 s leases, 8 in flight, 4 per endpoint', () => {
    expect(defaultTimeoutMs).toBe(15_000);
    expect(defaultLeaseMs).toBe(60_000);
    expect(defaultConcurrency).toBe(8);
    expect(defaultPerEndpoint).toBe(4);
    expect(leaseMarginMs).toBe(2_000);
    expect(defaultMaxWriteDelayMs).toBe(100);
  });

  it('fill in what the options leave out, and give way to what they say', () => {
    expect([timeoutMsOf({}), leaseMsOf({}), concurrencyOf({}), perEndpointOf({})]).toEqual([
      defaultTimeoutMs,
      defaultLeaseMs,
      defaultConcurrency,
      defaultPerEndpoint,
    ]);
    const options = { timeoutMs: 1_000, leaseMs: 5_000, concurrency: 2, perEndpoint: 1 };
    expect([
      timeoutMsOf(options),
      leaseMsOf(options),
      concurrencyOf(options),
      perEndpointOf(options),
    ]).toEqual([1_000, 5_000, 2, 1]);
  });

  it('a lease must hold an attempt, the margin and the wait for the write', () => {
    expect(leaseNeededMs({ timeoutMs: 10_000 }, 100)).toBe(12_100);
    expect(() => checkDeliveryOptions()).not.toThrow();
    expect(() => checkDeliveryOptions({ leaseMs: 12_101, timeoutMs: 10_000 })).not.toThrow();
    expect(() => checkDeliveryOptions({ leaseMs: 12_100, timeoutMs: 10_000 })).toThrow(RangeError);
    expect(() => checkDeliveryOptions({ leaseMs: 12_101, timeoutMs: 10_000 }, 5_000)).toThrow(
      /maxWriteDelayMs of 5000 ms/,
    );
  });

  it('createService refuses a lease too short, and keeps the options runWorker runs with', () => {
    expect(() => testService({ deliveries: { leaseMs: 16_000 } })).toThrow(RangeError);
    expect(testService({ deliveries: { timeoutMs: 400 } }).deliveries.options).toEqual({ timeoutMs: 400 });
    expect(testService().deliveries.options).toEqual({});
  });
});
