import type { WebhookBreaker } from '../../storage/webhook-store';

/** When a webhook's circuit breaker opens and how long it stays open. */
export interface BreakerOptions {
  /** Consecutive failed attempts (errors, time-outs, non-2xx answers) that open it. Default 5. */
  readonly failures?: number;
  /** The first cooling period; each failed probe doubles it. Default 30 s. */
  readonly coolingMs?: number;
  /** The longest cooling period, so a dead endpoint is still probed this often. Default 30 min. */
  readonly maxCoolingMs?: number;
}

const defaults = { failures: 5, coolingMs: 30_000, maxCoolingMs: 1_800_000 } as const;

/**
 * How long past the breaker's retry time an open endpoint's backlog waits. Only one queued
 * delivery waits for the retry time, to be the probe; the rest wait this much longer, so each
 * change of the breaker moves what arrived since rather than the whole backlog again. When the
 * breaker closes the backlog goes at once; had that move been lost, it goes at this time anyway.
 */
export const breakerBacklogMs = 1_800_000;

/** The latest time a breaker that retries at `retryAt` holds its endpoint's backlog until. */
export function backlogHeldUntil(retryAt: Date): Date {
  return new Date(retryAt.getTime() + breakerBacklogMs);
}

/**
 * What an attempt's outcome does to a breaker, or undefined when it changes nothing (the common
 * case: a success on a closed breaker with no failures, which therefore costs no write).
 * A success closes it. A failed probe reopens it for twice the cooling period. Any other failure
 * counts towards `failures` while closed and opens it on reaching them; while it is already open
 * (an attempt sent before it opened) a failure changes nothing.
 */
export function breakerAfterAttempt(
  current: WebhookBreaker | undefined,
  outcome: { readonly succeeded: boolean; readonly probe: boolean; readonly at: Date },
  options: BreakerOptions = {},
): WebhookBreaker | undefined {
  const { succeeded, probe, at } = outcome;
  if (succeeded) {
    if (!current || (current.state === 'closed' && current.failures === 0)) return undefined;
    return { state: 'closed', failures: 0, changedAt: at };
  }
  const failures = (current?.failures ?? 0) + 1;
  const first = options.coolingMs ?? defaults.coolingMs;
  const max = options.maxCoolingMs ?? defaults.maxCoolingMs;
  if (probe) {
    const coolingMs = Math.min(max, 2 * (current?.coolingMs ?? first));
    return open(failures, current?.openedAt ?? at, coolingMs, at);
  }
  if (current && current.state !== 'closed') return undefined;
  if (failures >= (options.failures ?? defaults.failures))
    return open(failures, at, Math.min(max, first), at);
  return { state: 'closed', failures, changedAt: at };
}

function open(failures: number, openedAt: Date, coolingMs: number, at: Date): WebhookBreaker {
  return {
    state: 'open',
    failures,
    openedAt,
    coolingMs,
    retryAt: new Date(at.getTime() + coolingMs),
    changedAt: at,
  };
}

/**
 * Whether a delivery may be sent now: `send` on a closed breaker; the time to wait until while
 * it is open or a probe is in flight; `probe` when the cooling period is over, with the
 * half-open breaker to store first, so that of many workers only the one whose write lands
 * sends the probe. A probe that never reports is given up on after `probeMs`.
 */
export function breakerGate(
  current: WebhookBreaker | undefined,
  now: Date,
  probeMs: number,
): { readonly send: true } | { readonly until: Date } | { readonly probe: WebhookBreaker } {
  if (!current || current.state === 'closed') return { send: true };
  if (current.retryAt && current.retryAt > now) return { until: current.retryAt };
  return {
    probe: { ...current, state: 'half_open', retryAt: new Date(now.getTime() + probeMs), changedAt: now },
  };
}

/** Whether two stored breakers are the same value (the compare of a compare-and-set). */
export function sameBreaker(a: WebhookBreaker | undefined, b: WebhookBreaker | undefined): boolean {
  if (!a || !b) return a === b;
  const time = (date: Date | undefined) => date?.getTime();
  return (
    a.state === b.state &&
    a.failures === b.failures &&
    a.coolingMs === b.coolingMs &&
    time(a.openedAt) === time(b.openedAt) &&
    time(a.retryAt) === time(b.retryAt) &&
    time(a.changedAt) === time(b.changedAt)
  );
}
