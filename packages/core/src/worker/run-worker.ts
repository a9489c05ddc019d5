import type { OperationalEventHandler } from '../deps/operational-events';
import type { ServiceDeps } from '../deps/service-deps';
import { observeOutbox } from '../ports/telemetry/delivery-telemetry';
import { slowEndpointHolds, workerBreakers } from './breakers';
import { claimLoop, type Waiting } from './claim-loop';
import {
  checkDeliveryOptions,
  concurrencyOf,
  type DeliveryOptions,
  defaultBatchSize,
  defaultIdleMs,
  defaultMaxIdleMs,
  defaultMaxWriteDelayMs,
  perEndpointOf,
} from './defaults';
import { endpointSlots } from './endpoint-slots';
import { outageLog } from './outage-log';
import { groupedWrites, type RunSummary } from './outcome-writer';
import { type PruneSchedule, schedulePrune } from './prune-schedule';
import { senderPool } from './sender-pool';
import { throttleBook } from './throttles';
import { workerPulse } from './worker-liveness';

/** How a worker paces itself; see {@link runWorker}. */
export interface WorkOptions {
  /** Stops the worker: sends in flight finish, unsent claims are given back, outcomes are written. */
  readonly signal: AbortSignal;
  /** Deliveries claimed at a time; outcomes are written in groups of up to this many. Default 50. */
  readonly batchSize?: number;
  /** Deliveries in flight at once. Default: the service's `deliveries.concurrency`, else 8. */
  readonly concurrency?: number;
  /** Deliveries in flight to one webhook at once. Default: the service's `deliveries.perEndpoint`, else 4. */
  readonly perEndpoint?: number;
  /** First pause when nothing is due; doubles up to `maxIdleMs`. Default 200 ms. */
  readonly idleMs?: number;
  readonly maxIdleMs?: number;
  /**
   * Longest an outcome waits for its group to fill before it is written anyway. Default 100 ms.
   * The lease must hold it too, after an attempt and its margin (see `DeliveryOptions.leaseMs`):
   * the worker refuses to start (a `RangeError`) when it cannot.
   */
  readonly maxWriteDelayMs?: number;
  /** Called with the summary of each group of outcomes written. */
  readonly onBatch?: (summary: RunSummary) => void;
  /**
   * Called with every error of claims, writes and prunes; an error never stops the worker.
   * Without it, the worker logs them once per outage: a warning at the first failure
   * (`webhook.worker.failing`, `webhook.prune.failing`) and one info line when a call succeeds
   * again (`webhook.worker.recovered`, `webhook.prune.recovered`, with `downMs`).
   */
  readonly onError?: (error: unknown) => void;
  /** Also run outbox retention (`deliveries.prune`) now and every `everyMs` (default one hour) while working. */
  readonly prune?: PruneSchedule;
  /**
   * Called with the operational events this worker causes (docs/api.md §11.12), in place of the
   * service's `onOperationalEvent`. Not awaited; what it throws is logged and dropped.
   */
  readonly onOperationalEvent?: OperationalEventHandler;
}

/** Options of {@link runWorker}. */
export interface WorkerOptions extends WorkOptions {
  /** The service to deliver for (what `createService` returned): its ports and its `deliveries` options. */
  readonly service: {
    readonly deps: ServiceDeps;
    readonly deliveries: { readonly options: DeliveryOptions };
  };
}

/**
 * The delivery loop behind {@link runWorker}, composed of a claimer (`claimLoop`), senders
 * (`senderPool`) and grouped outcome writes (`groupedWrites`). Sends never wait on the database:
 * the next batch is claimed while the current one is still being sent (when fewer than
 * `batchSize` claimed deliveries wait, or the endpoints they are for could not keep every sender
 * busy), and outcomes are written in groups while sends go on
 * (one write at a time, of up to `batchSize` outcomes or whatever waited `maxWriteDelayMs`;
 * senders wait only when twice `batchSize` outcomes are waiting). While the outbox is empty the
 * worker backs off, doubling, up to `maxIdleMs`. A worker killed outright may have sent, and not
 * recorded, at most `4 × batchSize + 3 × concurrency` deliveries; those are sent again once their
 * lease ends.
 *
 * Endpoints are kept apart: at most `perEndpoint` sends go to one webhook at once, and claims
 * pass over webhooks that already have `2 × batchSize` deliveries waiting here, or whose circuit
 * breaker is open. A webhook with a `rateLimit` is sent at most that many deliveries a second
 * across every worker, evenly spaced; its deliveries wait for their send slots without taking
 * senders, and those that get no slot soon are given back unsent. A send that has taken a quarter of its time-out stops counting against
 * `concurrency` (another sender starts in its place, up to `4 × concurrency` such slow sends),
 * so endpoints that hang cannot take the senders of those that answer.
 */
export async function work(serviceDeps: ServiceDeps, options: WorkOptions & DeliveryOptions): Promise<void> {
  const { signal } = options;
  const deps = options.onOperationalEvent
    ? { ...serviceDeps, onOperationalEvent: options.onOperationalEvent }
    : serviceDeps;
  const maxWriteDelayMs = options.maxWriteDelayMs ?? defaultMaxWriteDelayMs;
  checkDeliveryOptions(options, maxWriteDelayMs);
  const batchSize = options.batchSize ?? defaultBatchSize;
  const concurrency = concurrencyOf(options);
  // The next batch is claimed once fewer than `depth` claimed deliveries wait: a claim takes
  // about as long as sending a batch, so waiting for the queue to run nearly dry starves the
  // senders. It is claimed too while the endpoints in hand could not keep `width` senders busy.
  const want = { depth: Math.max(concurrency, batchSize), width: concurrency };
  // An endpoint with two batches waiting here has enough in hand; claims bring in others.
  const crowd = 2 * batchSize;
  // Claims and writes fail together when the database does: one outage, logged once.
  const storage = outageLog(deps, {
    onError: options.onError,
    event: 'webhook.worker',
    subject: 'webhook worker storage calls',
  });
  const perEndpoint = perEndpointOf(options);
  const slots = endpointSlots(perEndpoint);
  const breakers = workerBreakers(deps, options);
  const throttles = throttleBook(deps, { report: (error) => storage.failed(error) });
  // The outbox gauges are read while a worker runs, at each metrics collection.
  const stopGauges = observeOutbox(
    (now) => deps.storage.deliveries.backlog({ now }),
    () => deps.clock.now(),
  );
  deps.logger.info('webhook worker started', {
    event: 'webhook.worker.started',
    batchSize,
    concurrency,
    perEndpoint,
  });
  // Retention alongside when asked, and liveness for the health report.
  const pruning =
    options.prune &&
    schedulePrune(
      deps,
      options.prune,
      signal,
      outageLog(deps, { onError: options.onError, event: 'webhook.prune', subject: 'outbox prunes' }),
    );
  const pulse = workerPulse(deps);
  const waiting: Waiting[] = [];
  const shared = { signal, waiting, slots, breakers, throttles, pulse, storage, want, crowd };
  const claimer = claimLoop(deps, options, {
    ...shared,
    batchSize,
    idleMs: options.idleMs ?? defaultIdleMs,
    maxIdleMs: options.maxIdleMs ?? defaultMaxIdleMs,
    maxWriteDelayMs,
    claimed: () => senders.wake(),
  });
  const writes = groupedWrites(deps, options, {
    batchSize,
    maxWriteDelayMs,
    storage,
    nothingToSend: () => waiting.length === 0,
    written: (summary, due) => {
      claimer.wakeAt(due);
      options.onBatch?.(summary);
    },
  });
  const senders = senderPool(deps, options, {
    ...shared,
    concurrency,
    claimer,
    writes,
    holdBack: slowEndpointHolds(deps, options, (error) => storage.failed(error)),
  });

  senders.start();
  await claimer.run();
  await senders.finished();
  // Stopping: what was claimed and not sent goes back to the outbox for any worker.
  await writes.drain(waiting.splice(0).map(({ claimed }) => ({ kind: 'released', claimed })));
  claimer.stop();
  stopGauges();
  deps.logger.info('webhook worker stopped', { event: 'webhook.worker.stopped' });
  await pruning;
  pulse.stop();
}

/**
 * Delivers webhooks until `signal` aborts, keeping `concurrency` sends in flight while work is
 * due and backing off (doubling, capped) while the outbox is empty. Many workers on many
 * machines can share one PostgreSQL outbox; each delivery is claimed by one of them at a time.
 * On abort, sends in flight finish, claimed deliveries not yet sent are given back at once, and
 * every outcome is written before the promise resolves. It runs the service's worker with the
 * service's `deliveries` options, as `service.deliveries.work` does.
 *
 * @example
 * const controller = new AbortController();
 * process.on('SIGTERM', () => controller.abort());
 * await runWorker({ service, signal: controller.signal });
 */
export function runWorker(options: WorkerOptions): Promise<void> {
  const { service, ...rest } = options;
  return work(service.deps, { ...service.deliveries.options, ...rest });
}
