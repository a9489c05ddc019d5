import type { ServiceDeps } from '../deps/service-deps';
import { observeOutbox } from '../ports/telemetry/delivery-telemetry';
import { endpointSlots } from './endpoint-slots';
import { outageLog } from './outage-log';
import { type PruneSchedule, schedulePrune } from './prune-schedule';
import {
  type ClaimedBatch,
  checkDeliveryOptions,
  claimBatch,
  type DeliveryOptions,
  defaultMaxWriteDelayMs,
  perEndpointOf,
  type RunSummary,
  recordSettled,
  type Settled,
  settleOne,
  timeoutMsOf,
  workerBreakers,
} from './run-due';
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
}

/** Options of {@link runWorker}. */
export interface WorkerOptions extends WorkOptions {
  readonly service: { readonly deliveries: { work(options: WorkOptions): Promise<void> } };
}

/** When the earliest of a group's outcomes is due again (a retry, or a delivery held by a breaker). */
function earliestDue(group: readonly Settled[]): number | undefined {
  let earliest: number | undefined;
  for (const one of group) {
    const at =
      one.kind === 'attempted'
        ? one.attempted.item.outcome.nextAttemptAt
        : one.kind === 'deferred'
          ? one.until
          : undefined;
    if (at && (earliest === undefined || at.getTime() < earliest)) earliest = at.getTime();
  }
  return earliest;
}

/**
 * The delivery loop behind {@link runWorker}. Sends never wait on the database: the next batch
 * is claimed while the current one is still being sent (when fewer than `batchSize` claimed
 * deliveries could go), and outcomes are written in groups while sends go on (one write at a
 * time, of up to `batchSize` outcomes or whatever waited `maxWriteDelayMs`; senders wait only
 * when twice `batchSize` outcomes are waiting). While the outbox is empty the worker backs off,
 * doubling, up to `maxIdleMs`. A worker killed outright may have sent, and not recorded, at most
 * `4 × batchSize + 3 × concurrency` deliveries; those are sent again once their lease ends.
 *
 * Endpoints are kept apart: at most `perEndpoint` sends go to one webhook at once, and claims
 * pass over webhooks that already have `2 × batchSize` deliveries waiting here, or whose circuit
 * breaker is open. A send that has taken a quarter of its time-out stops counting against
 * `concurrency` (another sender starts in its place, up to `4 × concurrency` such slow sends),
 * so endpoints that hang cannot take the senders of those that answer.
 */
export async function work(deps: ServiceDeps, options: WorkOptions & DeliveryOptions): Promise<void> {
  const { signal } = options;
  const maxWriteDelayMs = options.maxWriteDelayMs ?? defaultMaxWriteDelayMs;
  checkDeliveryOptions(options, maxWriteDelayMs);
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 8;
  // The next batch is claimed once fewer than this many claimed deliveries could go: a claim
  // takes about as long as sending a batch, so waiting for the queue to run nearly dry starves the senders.
  const lowWater = Math.max(concurrency, batchSize);
  const idleMs = options.idleMs ?? 200;
  const maxIdleMs = options.maxIdleMs ?? 5_000;
  const slowMs = timeoutMsOf(options) / 4;
  const maxSlow = 4 * concurrency;
  // Claims and writes fail together when the database does: one outage, logged once.
  const storage = outageLog(deps, {
    onError: options.onError,
    event: 'webhook.worker',
    subject: 'webhook worker storage calls',
  });
  const report = (error: unknown) => storage.failed(error);
  const perEndpoint = perEndpointOf(options);
  const slots = endpointSlots(perEndpoint);
  const breakers = workerBreakers(deps, options);
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

  const queue: { batch: ClaimedBatch; claimed: ClaimedBatch['items'][number] }[] = [];
  // An endpoint with two batches waiting here has enough in hand; claims bring in others.
  const crowd = 2 * batchSize;
  const waitingFor = (webhookId: string) =>
    queue.reduce((count, { claimed }) => count + (claimed.delivery.webhookId === webhookId ? 1 : 0), 0);
  let claimerDone = false;
  // Parked senders (waiting for a delivery they may send) and the parked claimer (waiting for
  // the deliveries that could go to run low).
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
  // The idle claimer sleeps until its back-off ends, or until a retry this worker wrote falls due.
  let wakeIdle: (() => void) | undefined;
  // A reason to claim again that came while the claimer was not asleep (a claim was in flight):
  // kept, so the claimer does not then sleep through it.
  let claimAgain = false;
  const nudgeClaimer = () => {
    if (wakeIdle) wakeIdle();
    else claimAgain = true;
  };
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      if (signal.aborted || claimAgain) {
        claimAgain = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        wakeIdle = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeIdle = done;
    });
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  const wakeWhenDue = (at: number | undefined) => {
    if (at === undefined || at >= dueAt) return;
    clearTimeout(dueTimer);
    dueAt = at;
    dueTimer = setTimeout(
      () => {
        dueAt = Number.POSITIVE_INFINITY;
        nudgeClaimer();
      },
      Math.max(0, at - deps.clock.now().getTime()),
    );
    dueTimer.unref?.();
  };
  const onAbort = () => {
    wakeIdle?.();
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
          // Written first, whether or not anyone listens for the summary.
          const summary = await recordSettled(deps, group, options);
          storage.succeeded();
          wakeWhenDue(earliestDue(group));
          options.onBatch?.(summary);
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
      pulse.beat();
      if (slots.sendable(queue) >= lowWater) {
        await new Promise<void>((resolve) => {
          parkedClaimer = resolve;
        });
        continue;
      }
      let batch: ClaimedBatch | undefined;
      // What happens from here on is seen by this claim, or calls for the next one.
      claimAgain = false;
      try {
        const now = deps.clock.now();
        const crowded = slots.crowded(queue, crowd);
        const skipWebhookIds = [...new Set([...crowded, ...breakers.holding(now)])];
        batch = await claimBatch(deps, {
          ...options,
          limit: batchSize,
          writeDelayMs: maxWriteDelayMs,
          skipWebhookIds,
        });
        storage.succeeded();
      } catch (error) {
        report(error);
      }
      if (!batch || batch.items.length === 0) {
        // Nothing due beyond what is in hand: back off, but senders wake it once the queue runs low.
        await idle(wait);
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

  // Sends in flight, so the slow ones can be found; a slow one's sender hands its place over.
  const sends = new Set<{
    readonly startedAt: number;
    readonly delivery: ClaimedBatch['items'][number]['delivery'];
    slow: boolean;
  }>();
  let slowSends = 0;
  // When an endpoint's every slot is held by a slow send, the rest of its due deliveries are put
  // back by one time-out, so claims stop reading past them while its breaker has yet to open.
  const heldBack = new Map<string, number>();
  const holdBack = (delivery: ClaimedBatch['items'][number]['delivery']) => {
    const now = deps.clock.now();
    if ((heldBack.get(delivery.webhookId) ?? 0) > now.getTime()) return;
    const until = new Date(now.getTime() + timeoutMsOf(options));
    heldBack.set(delivery.webhookId, until.getTime());
    deps.storage.deliveries
      .defer({ affiliateId: delivery.affiliateId, webhookId: delivery.webhookId, until, now })
      .catch(report);
  };
  const running = new Set<Promise<void>>();
  const startSender = () => {
    const run = sender().finally(() => running.delete(run));
    running.add(run);
  };
  const watch = setInterval(() => {
    const now = performance.now();
    const slowPer = new Map<string, number>();
    for (const send of sends) {
      if (send.slow) slowPer.set(send.delivery.webhookId, (slowPer.get(send.delivery.webhookId) ?? 0) + 1);
      if (send.slow || now - send.startedAt < slowMs || slowSends >= maxSlow) continue;
      send.slow = true;
      slowSends += 1;
      const slow = (slowPer.get(send.delivery.webhookId) ?? 0) + 1;
      slowPer.set(send.delivery.webhookId, slow);
      if (slow >= perEndpoint) holdBack(send.delivery);
      if (!signal.aborted) startSender();
    }
  }, slowMs / 4);
  watch.unref?.();

  async function sender(): Promise<void> {
    while (!signal.aborted) {
      const index = slots.pick(queue);
      if (index < 0) {
        if (claimerDone) return;
        wakeClaimer();
        await new Promise<void>((resolve) => parkedSenders.push(resolve));
        continue;
      }
      pulse.beat();
      const [next] = queue.splice(index, 1) as [(typeof queue)[number]];
      const webhookId = next.claimed.delivery.webhookId;
      slots.take(webhookId);
      if (slots.sendable(queue) < lowWater) wakeClaimer();
      // A claim that came back empty passed over crowded endpoints: claim again once the queue
      // runs low, or once this endpoint is no longer crowded.
      if (queue.length < lowWater || waitingFor(webhookId) === crowd - 1) nudgeClaimer();
      const send = { startedAt: performance.now(), delivery: next.claimed.delivery, slow: false };
      sends.add(send);
      try {
        // Awaited first: `unwritten` may be swapped for a fresh array while the send is in flight.
        const settled = await settleOne(deps, next.batch, next.claimed, options, breakers);
        unwritten.push(settled);
      } catch (error) {
        // A failed webhook read: the delivery keeps its lease and is sent again once it ends.
        report(error);
      } finally {
        sends.delete(send);
        slots.give(webhookId);
        // A slot of this endpoint is free: a sender parked on it may go on.
        wakeSenders();
      }
      if (unwritten.length >= 2 * batchSize) await write();
      else if (due()) void write();
      else if (unwritten.length > 0) schedule();
      if (send.slow) {
        // Another sender took this one's place when the send turned slow.
        slowSends -= 1;
        return;
      }
    }
  }

  for (let i = 0; i < concurrency; i += 1) startSender();
  await claimer();
  while (running.size > 0) await Promise.all(running);
  clearInterval(watch);
  // Stopping: what was claimed and not sent goes back to the outbox for any worker.
  for (const { claimed } of queue.splice(0)) unwritten.push({ kind: 'released', claimed });
  draining = true;
  while (writing || unwritten.length > 0) await write();
  clearTimeout(writeTimer);
  clearTimeout(dueTimer);
  signal.removeEventListener('abort', onAbort);
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
