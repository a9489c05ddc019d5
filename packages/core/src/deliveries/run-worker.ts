import type { RunSummary } from './run-due';

/** Options of {@link runWorker}. */
export interface WorkerOptions {
  readonly service: { readonly deliveries: { runDue(input: { limit: number }): Promise<RunSummary> } };
  /** Stops the loop; the batch in flight finishes first. */
  readonly signal: AbortSignal;
  /** Deliveries claimed per batch. Default 50. */
  readonly batchSize?: number;
  /** First pause when nothing is due; doubles up to `maxIdleMs`. Default 200 ms. */
  readonly idleMs?: number;
  readonly maxIdleMs?: number;
  /** Called with each batch's summary and with errors (a failing batch never stops the loop). */
  readonly onBatch?: (summary: RunSummary) => void;
  readonly onError?: (error: unknown) => void;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Delivers webhooks until `signal` aborts: runs batches back to back while work is due, and
 * backs off (doubling, capped) while the outbox is empty. Many workers on many machines can
 * share one PostgreSQL outbox; each delivery is claimed by one of them at a time.
 *
 * @example
 * const controller = new AbortController();
 * process.on('SIGTERM', () => controller.abort());
 * await runWorker({ service, signal: controller.signal });
 */
export async function runWorker(options: WorkerOptions): Promise<void> {
  const idle = options.idleMs ?? 200;
  const maxIdle = options.maxIdleMs ?? 5_000;
  let wait = idle;
  while (!options.signal.aborted) {
    try {
      const summary = await options.service.deliveries.runDue({ limit: options.batchSize ?? 50 });
      options.onBatch?.(summary);
      if (summary.claimed > 0) {
        wait = idle;
        continue;
      }
    } catch (error) {
      options.onError?.(error);
    }
    await pause(wait, options.signal);
    wait = Math.min(maxIdle, wait * 2);
  }
}
