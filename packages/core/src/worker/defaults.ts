import type { BreakerOptions } from '../areas/webhooks/breaker';
import { checkRetrySchedules } from '../areas/webhooks/retry-schedules';
import type { RetrySchedule } from '../storage/webhook-store';

/** Tuning of the delivery worker; the defaults follow docs/api.md §11.3. */
export interface DeliveryOptions {
  /** An attempt succeeds on a 2xx within this time. Default 15 s. */
  readonly timeoutMs?: number;
  /**
   * How long a claimed delivery stays with one worker. Default 60 s. A delivery is sent only while
   * what is left of its lease holds a whole attempt (`timeoutMs`), a 2 s margin for what the
   * time-out does not bound (a late timer, the database writes around the send, hosts' clocks),
   * and the worker's `maxWriteDelayMs` (100 ms) for its outcome to be written; otherwise it is
   * given back unsent. So it must be longer than `timeoutMs` by more than 2.1 s (`createService`
   * refuses less), and is best several attempts long: a delivery claimed with a batch waits its
   * turn. An outcome that still comes after the lease was lost is logged, not recorded.
   */
  readonly leaseMs?: number;
  /** Deliveries in flight at once, in one `runDue` call or one worker. Default 8. */
  readonly concurrency?: number;
  /**
   * Deliveries in flight to one webhook at once, in one `runDue` call or one worker, so a slow
   * or dead endpoint holds at most this many sends. Raise it for an endpoint that takes high
   * volume with few others beside it. Default 4.
   */
  readonly perEndpoint?: number;
  /** When a webhook's circuit breaker opens and how long it cools; see {@link BreakerOptions}. */
  readonly breaker?: BreakerOptions;
  /** Jitter source in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
  /** Retry delays; N delays give N + 1 attempts. Default 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
  readonly delays?: readonly number[];
  /**
   * Retry schedules by event type, in place of `delays` for that type's deliveries (an endpoint's
   * own `retrySchedule` still comes first). Checked by `createService` like the API checks an
   * endpoint's (docs/api.md §11.11).
   *
   * @example { order_created: { exponential: { firstMs: 10_000, maxMs: 3_600_000, retries: 12 } } }
   */
  readonly retrySchedules?: Readonly<Partial<Record<string, RetrySchedule>>>;
  /** Continuous failure for this long disables the endpoint. Default 5 days. */
  readonly disableAfterMs?: number;
  /**
   * The longest a receiver's `Retry-After` (on a 429 or 503) may put its endpoint's deliveries
   * off; a longer one is cut to this. Default 1 hour.
   */
  readonly maxRetryAfterMs?: number;
  /**
   * Sends each delivery the W3C `traceparent` (and `tracestate`) of the span that emitted its
   * event, so a receiver's trace joins the sender's. Default true.
   */
  readonly propagateTrace?: boolean;
}

/** The time an attempt gets, from its SSRF check and DNS to the end of its answer: 15 s. */
export const defaultTimeoutMs = 15_000;

/** How long a claimed delivery stays with one worker: 60 s. */
export const defaultLeaseMs = 60_000;

/**
 * Lease left over, beyond a whole attempt, for what the time-out does not bound: the time-out
 * firing late (event-loop lag under load: attempts measured ending 84 to 139 ms past it), the
 * breaker's write between the check and the send, the outcome's write reaching the database, and
 * the clocks of two workers' hosts disagreeing on when a lease ends. None of these grows with the
 * time-out, so the margin is fixed: 2 s is over ten times the lag measured, and a thirtieth of the
 * default 60 s lease.
 */
export const leaseMarginMs = 2_000;

/** How long a worker's outcome waits for company before it is written (`maxWriteDelayMs`). */
export const defaultMaxWriteDelayMs = 100;

/** Deliveries in flight at once, in one `runDue` call or one worker. */
export const defaultConcurrency = 8;

/** Deliveries in flight to one webhook at once. */
export const defaultPerEndpoint = 4;

/** Deliveries a worker claims at a time; its outcomes are written in groups of up to this many. */
export const defaultBatchSize = 50;

/** A worker's first pause when nothing is due; it doubles up to {@link defaultMaxIdleMs}. */
export const defaultIdleMs = 200;

/** A worker's longest pause when nothing is due. */
export const defaultMaxIdleMs = 5_000;

/** Continuous failure for this long disables an endpoint: 5 days. */
export const defaultDisableAfterMs = 5 * 86_400_000;

/** The longest a receiver's `Retry-After` puts its endpoint's deliveries off: 1 hour. */
export const defaultMaxRetryAfterMs = 3_600_000;

/** The shortest wait a `Retry-After` sets, so `Retry-After: 0` cannot make a tight loop: 1 s. */
export const minRetryAfterMs = 1_000;

/** A breaker's probe that has not reported within a whole attempt and this much is taken to have died. */
export const probeGraceMs = 1_000;

/** Pause between a worker's prunes (`prune.everyMs`): one hour. */
export const defaultPruneEveryMs = 60 * 60 * 1000;

/** The time an attempt gets, from its SSRF check and DNS to the end of its answer. */
export const timeoutMsOf = (options: DeliveryOptions): number => options.timeoutMs ?? defaultTimeoutMs;

/** How long a claim holds its deliveries. */
export const leaseMsOf = (options: DeliveryOptions): number => options.leaseMs ?? defaultLeaseMs;

/** The per-endpoint cap of a worker or a `runDue` call. */
export const perEndpointOf = (options: DeliveryOptions): number => options.perEndpoint ?? defaultPerEndpoint;

/** Sends in flight at once, of a worker or a `runDue` call. */
export const concurrencyOf = (options: DeliveryOptions): number => options.concurrency ?? defaultConcurrency;

/** What must be left of a lease to send a delivery: its attempt, the margin, the wait for its write. */
export const leaseNeededMs = (options: DeliveryOptions, writeDelayMs: number): number =>
  timeoutMsOf(options) + leaseMarginMs + writeDelayMs;

/**
 * Refuses delivery options that cannot work: a lease that cannot hold one attempt, its margin and
 * the wait for its outcome's write (`writeDelayMs`, the worker's `maxWriteDelayMs`) would leave
 * every claimed delivery unsent; a retry schedule out of bounds, or for no event type.
 *
 * @example checkDeliveryOptions({ leaseMs: 30_000, timeoutMs: 10_000 }) // passes: 30 s > 10 s + 2.1 s
 */
export function checkDeliveryOptions(
  options: DeliveryOptions = {},
  writeDelayMs: number = defaultMaxWriteDelayMs,
): void {
  checkRetrySchedules(options.retrySchedules);
  const leaseMs = leaseMsOf(options);
  const timeoutMs = timeoutMsOf(options);
  if (!(leaseMs > leaseNeededMs(options, writeDelayMs))) {
    throw new RangeError(
      `@affiliate-commerce/core: deliveries.leaseMs (${leaseMs}) must be longer than deliveries.timeoutMs (${timeoutMs}) by more than ${leaseMarginMs + writeDelayMs} ms (a ${leaseMarginMs} ms margin for the attempt's overrun and its outcome's write, and the worker's maxWriteDelayMs of ${writeDelayMs} ms)`,
    );
  }
}
