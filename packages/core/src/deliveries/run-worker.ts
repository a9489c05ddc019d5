import type { ServiceDeps } from '../service-deps';
import {
  type ClaimedBatch,
  claimBatch,
  type DeliveryOptions,
  type RunSummary,
  recordSettled,
  type Settled,
  settleOne,
} from './run-due';

/** How a worker paces itself; see {@link runWorker}. */
export interface WorkOptions {
  /** Stops the worker: sends in flight finish, unsent claims are given back, outcomes are written. */
  readonly signal: AbortSignal;
  /** Deliveries claimed at a time; outcomes are written in groups of up to this many. Default 50. */
  readonly batchSize?: number;
  /** Deliveries in flight at once. Default: the service's `deliveries.concurrency`, else 8. */
  readonly concurrency?: number;
  /** First pause when nothing is due; doubles up to `maxIdleMs`. Default 200 ms. */
  readonly idleMs?: number;
  readonly maxIdleMs?: number;
  /** Longest an outcome waits for its group to fill before it is written anyway. Default 100 ms. */
  readonly maxWriteDelayMs?: number;
  /** Called with the summary of each group of outcomes written. */
  readonly onBatch?: (summary: RunSummary) => void;
  /** Called with errors of claims and writes; an error never stops the worker. */
  readonly onError?: (error: unknown) => void;
}

/** Options of {@link runWorker}. */
export interface WorkerOptions extends WorkOptions {
  readonly service: { readonly deliveries: { work(options: WorkOptions): Promise<void> } };
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
 * The delivery loop behind {@link runWorker}. Sends never wait on the database: the next batch
 * is claimed while the current one is still being sent (when fewer than `batchSize` claimed
 * deliveries are left), and outcomes are written in groups while sends go on (one write at a
 * time, of up to `batchSize` outcomes or whatever waited `maxWriteDelayMs`; senders wait only
 * when twice `batchSize` outcomes are waiting). While the outbox is empty the worker backs off, doubling,
 * up to `maxIdleMs`. A worker killed outright may have sent, and not recorded, at most
 * `4 × batchSize + 3 × concurrency` deliveries; those are sent again once their lease ends.
 *
 * @example
 * await work(deps, { signal: controller.signal, batchSize: 50 });
 */
export async function work(deps: ServiceDeps, options: WorkOptions & DeliveryOptions): Promise<void> {
  const { signal } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 8;
  // The next batch is claimed once fewer than this many claimed deliveries wait: a claim takes
  // about as long as sending a batch, so waiting for the queue to run nearly dry starves the senders.
  const lowWater = Math.max(concurrency, batchSize);
  const idleMs = options.idleMs ?? 200;
  const maxWriteDelayMs = options.maxWriteDelayMs ?? 100;
  const maxIdleMs = options.maxIdleMs ?? 5_000;
  const report = (error: unknown) => options.onError?.(error);

  const queue: { batch: ClaimedBatch; claimed: ClaimedBatch['items'][number] }[] = [];
  let claimerDone = false;
  // Parked senders (waiting for claims) and the parked claimer (waiting for the queue to run low).
  let parkedSenders: (() => void)[] = [];
  let parkedClaimer: (() => void) | undefined;
  const wakeSenders = () => {
    const parked = parkedSenders;
    parkedSenders = [];
    for (const wake of parked) wake();
  };
  const wakeClaimer = () => {
    const wake = parkedClaimer;
    parkedClaimer = undefined;
    wake?.();
  };
  const onAbort = () => {
    wakeClaimer();
    wakeSenders();
  };
  signal.addEventListener('abort', onAbort, { once: true });

  // Outcomes wait here for the one write in flight. A write takes everything waiting; it starts
  // when `batchSize` outcomes wait, when there is nothing left to send, or `maxWriteDelayMs`
  // after the first outcome arrived, so groups stay large under load and outcomes of a trickle
  // are still written promptly.
  let unwritten: Settled[] = [];
  let writing: Promise<void> | undefined;
  let writeTimer: ReturnType<typeof setTimeout> | undefined;
  let draining = false;
  const due = () =>
    unwritten.length >= batchSize || (unwritten.length > 0 && (draining || queue.length === 0));
  const write = (): Promise<void> => {
    clearTimeout(writeTimer);
    writeTimer = undefined;
    if (writing || unwritten.length === 0) return writing ?? Promise.resolve();
    writing = (async () => {
      do {
        const group = unwritten;
        unwritten = [];
        try {
          options.onBatch?.(await recordSettled(deps, group, options));
        } catch (error) {
          // Unwritten outcomes keep their lease; once it ends, the deliveries are sent again.
          report(error);
        }
      } while (due());
      writing = undefined;
      if (unwritten.length > 0) schedule();
    })();
    return writing;
  };
  const schedule = () => {
    writeTimer ??= setTimeout(() => void write(), maxWriteDelayMs);
  };

  const claimer = async () => {
    let wait = idleMs;
    while (!signal.aborted) {
      if (queue.length >= lowWater) {
        await new Promise<void>((resolve) => {
          parkedClaimer = resolve;
        });
        continue;
      }
      let batch: ClaimedBatch | undefined;
      try {
        batch = await claimBatch(deps, { ...options, limit: batchSize });
      } catch (error) {
        report(error);
      }
      if (!batch || batch.items.length === 0) {
        await pause(wait, signal);
        wait = Math.min(maxIdleMs, wait * 2);
        continue;
      }
      wait = idleMs;
      for (const claimed of batch.items) queue.push({ batch, claimed });
      wakeSenders();
    }
    claimerDone = true;
    wakeSenders();
  };

  const sender = async () => {
    while (!signal.aborted) {
      const next = queue.shift();
      if (!next) {
        if (claimerDone) return;
        await new Promise<void>((resolve) => parkedSenders.push(resolve));
        continue;
      }
      if (queue.length < lowWater) wakeClaimer();
      try {
        // Awaited first: `unwritten` may be swapped for a fresh array while the send is in flight.
        const settled = await settleOne(deps, next.batch, next.claimed, options);
        unwritten.push(settled);
      } catch (error) {
        // A failed webhook read: the delivery keeps its lease and is sent again once it ends.
        report(error);
      }
      if (unwritten.length >= 2 * batchSize) await write();
      else if (due()) void write();
      else if (unwritten.length > 0) schedule();
    }
  };

  await Promise.all([claimer(), ...Array.from({ length: concurrency }, sender)]);
  // Stopping: what was claimed and not sent goes back to the outbox for any worker.
  for (const { claimed } of queue.splice(0)) unwritten.push({ kind: 'released', claimed });
  draining = true;
  while (writing || unwritten.length > 0) await write();
  clearTimeout(writeTimer);
  signal.removeEventListener('abort', onAbort);
}

/**
 * Delivers webhooks until `signal` aborts, keeping `concurrency` sends in flight while work is
 * due and backing off (doubling, capped) while the outbox is empty. Many workers on many
 * machines can share one PostgreSQL outbox; each delivery is claimed by one of them at a time.
 * On abort, sends in flight finish, claimed deliveries not yet sent are given back at once, and
 * every outcome is written before the promise resolves.
 *
 * @example
 * const controller = new AbortController();
 * process.on('SIGTERM', () => controller.abort());
 * await runWorker({ service, signal: controller.signal });
 */
export function runWorker(options: WorkerOptions): Promise<void> {
  const { service, ...work } = options;
  return service.deliveries.work(work);
}
