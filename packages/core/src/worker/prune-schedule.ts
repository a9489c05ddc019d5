import type { ServiceDeps } from '../deps/service-deps';
import type { PruneCounts } from '../storage/delivery-store';
import { defaultPruneEveryMs } from './defaults';
import type { OutageLog } from './outage-log';
import { type PruneOptions, pruneDeliveries } from './prune';

/** Retention run by a worker: {@link PruneOptions} plus how often. */
export interface PruneSchedule extends Omit<PruneOptions, 'signal'> {
  /** Pause between the end of one prune and the start of the next. Default one hour. */
  readonly everyMs?: number;
  /** Called with what each prune removed. */
  readonly onPrune?: (removed: PruneCounts) => void;
}

/**
 * Runs {@link pruneDeliveries} now and then every `everyMs` until `signal` aborts; failures and
 * successes go to `report` (the worker's `onError`, else a log line per outage) and no error
 * stops it. Resolves once the prune in progress (if any) has stopped.
 */
export function schedulePrune(
  deps: ServiceDeps,
  schedule: PruneSchedule,
  signal: AbortSignal,
  report: OutageLog,
): Promise<void> {
  const everyMs = schedule.everyMs ?? defaultPruneEveryMs;
  if (!Number.isFinite(everyMs) || everyMs <= 0)
    throw new TypeError('@affiliate-commerce/core: prune everyMs must be a number of milliseconds > 0');
  return loop(deps, schedule, everyMs, signal, report);
}

async function loop(
  deps: ServiceDeps,
  schedule: PruneSchedule,
  everyMs: number,
  signal: AbortSignal,
  report: OutageLog,
): Promise<void> {
  while (!signal.aborted) {
    try {
      // Awaited first: an optional call with no `onPrune` would skip evaluating its argument.
      const removed = await pruneDeliveries(deps, { ...schedule, signal });
      report.succeeded();
      schedule.onPrune?.(removed);
    } catch (error) {
      report.failed(error);
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, everyMs);
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
