import type { ServiceDeps } from '../deps/service-deps';
import type { Delivery } from '../storage/delivery-store';
import type { BreakerBook } from './breakers';
import type { ClaimLoop, Waiting } from './claim-loop';
import { type DeliveryOptions, timeoutMsOf } from './defaults';
import type { EndpointSlots } from './endpoint-slots';
import type { OutageLog } from './outage-log';
import { type Settled, settleOne } from './senders';
import { slotAlarm, type ThrottleBook } from './throttles';
import type { WorkerPulse } from './worker-liveness';

/** The senders of a running worker; see {@link senderPool}. */
export interface SenderPool {
  /** Wakes parked senders: deliveries came, a slot came free, or the claimer stopped. */
  wake(): void;
  /** Starts `concurrency` senders and the watch for slow sends. */
  start(): void;
  /** Resolves once every sender has returned (the signal aborted, or the claimer stopped and nothing is left). */
  finished(): Promise<void>;
}

/** What a {@link senderPool} works with: the running worker's shared parts. */
interface SenderPoolParts {
  readonly signal: AbortSignal;
  readonly waiting: Waiting[];
  readonly slots: EndpointSlots;
  readonly concurrency: number;
  /** What the claimer keeps in hand: `depth` deliveries waiting, for endpoints that keep `width` senders busy. */
  readonly want: { readonly depth: number; readonly width: number };
  readonly crowd: number;
  readonly breakers: BreakerBook;
  readonly throttles: ThrottleBook;
  readonly pulse: WorkerPulse;
  readonly storage: OutageLog;
  readonly claimer: Pick<ClaimLoop, 'done' | 'wake' | 'nudge' | 'parked'>;
  readonly writes: { add(settled: Settled): void; afterSend(): Promise<void> | undefined };
  readonly holdBack: (delivery: Pick<Delivery, 'affiliateId' | 'webhookId'>) => void;
}

/**
 * The senders of a running worker: each takes the first waiting delivery whose endpoint has a
 * free slot, settles it (`settleOne`) and hands the outcome to `writes`. A sender with nothing it
 * may send wakes the claimer and parks. A send that turns slow stops counting against
 * `concurrency`: another sender starts in its place, up to `4 × concurrency` such slow sends, so
 * endpoints that hang cannot take the senders of those that answer. A send is slow once it has
 * taken 8 times as long as the worker's answers usually take (at least 50 ms, at most a quarter
 * of the time-out); its endpoint is then slow until one of its sends answers in time: it keeps
 * one send in flight (`slots`), which starts as a slow one and so takes no sender at all. When
 * all of an endpoint's slots are held by slow sends, `holdBack` defers the rest of its deliveries.
 * A delivery of a throttled webhook waits for its send slot (`throttles`) without taking a
 * sender, goes first once the slot has started, and is given back when its slot was missed.
 */
export function senderPool(deps: ServiceDeps, options: DeliveryOptions, pool: SenderPoolParts): SenderPool {
  const { signal, waiting, slots, want, crowd, claimer } = pool;
  let parked: (() => void)[] = [];
  const wake = () => {
    const resume = parked;
    parked = [];
    for (const one of resume) one();
  };
  signal.addEventListener('abort', wake, { once: true });
  const alarm = slotAlarm(wake);
  const running = new Set<Promise<void>>();
  const track = (run: Promise<void>) => {
    const tracked = run.finally(() => running.delete(tracked));
    running.add(tracked);
  };
  const startSender = () => track(sender());
  // Sends in flight, so the slow ones can be found; a slow one's sender hands its place over.
  const { sends, countSlow, watchSlowSends, noteEnd } = slowSendWatch(slots, {
    timeoutMs: timeoutMsOf(options),
    maxSlow: 4 * pool.concurrency,
    holdBack: pool.holdBack,
    replace: () => {
      if (!signal.aborted) startSender();
    },
  });
  let watch: ReturnType<typeof setInterval> | undefined;

  /** Sends one delivery and hands its outcome to the writer; its slot is given back and its endpoint's pace noted. */
  async function sendOne(next: Waiting, send: Send): Promise<void> {
    const webhookId = next.claimed.delivery.webhookId;
    sends.add(send);
    try {
      // Awaited first: the writer's waiting outcomes may be swapped for a fresh group meanwhile.
      const settled = await settleOne(deps, next.batch, next.claimed, options, pool.breakers);
      noteEnd(send, settled);
      pool.writes.add(settled);
    } catch (error) {
      // A failed webhook read: the delivery keeps its lease and is sent again once it ends.
      pool.storage.failed(error);
    } finally {
      sends.delete(send);
      slots.give(webhookId);
      // A slot of this endpoint is free: a sender parked on it may go on.
      wake();
    }
    const write = pool.writes.afterSend();
    if (write) await write;
  }

  async function sender(): Promise<void> {
    while (!signal.aborted) {
      const index = pool.throttles.pick(waiting, slots);
      if (index < 0) {
        // Done once the claimer has stopped and no send is left whose end could free a slot.
        if (claimer.done && sends.size === 0) return;
        alarm.at(pool.throttles.nextIn(waiting));
        claimer.wake();
        await new Promise<void>((resolve) => parked.push(resolve));
        continue;
      }
      pool.pulse.beat();
      const [next] = waiting.splice(index, 1) as [Waiting];
      if (pool.throttles.late(next.claimed)) {
        // Its slot was missed: sent now, it would bunch up with the next ones. It goes back unsent.
        pool.writes.add({ kind: 'released', claimed: next.claimed });
        continue;
      }
      const webhookId = next.claimed.delivery.webhookId;
      slots.take(webhookId);
      // Asked only of a parked claimer: one that is claiming or backing off needs no waking.
      if (claimer.parked && slots.short(waiting, want, pool.throttles.ready)) claimer.wake();
      // A claim that came back empty passed over crowded endpoints: claim again once the queue
      // runs low, or once this endpoint is no longer crowded.
      if (
        waiting.length < want.depth ||
        // Fewer waiting in all than a crowd less one: this endpoint cannot have just stopped being crowded.
        (waiting.length >= crowd - 1 && waitingFor(waiting, webhookId) === crowd - 1)
      )
        claimer.nudge();
      const send: Send = { startedAt: performance.now(), delivery: next.claimed.delivery, slow: false };
      if (slots.slow(webhookId)) {
        // A slow endpoint's send starts as a slow one: it would hold this sender for its whole time-out.
        send.slow = true;
        countSlow(1);
        track(sendOne(next, send).finally(() => countSlow(-1)));
        continue;
      }
      await sendOne(next, send);
      if (send.slow) {
        // Another sender took this one's place when the send turned slow.
        countSlow(-1);
        return;
      }
    }
  }

  return {
    wake,
    start() {
      watch = setInterval(watchSlowSends, watchEveryMs);
      watch.unref?.();
      for (let i = 0; i < pool.concurrency; i += 1) startSender();
    },
    async finished() {
      while (running.size > 0) await Promise.all(running);
      clearInterval(watch);
      alarm.stop();
      signal.removeEventListener('abort', wake);
    },
  };
}

/** A send in flight, watched for turning slow. */
interface Send {
  readonly startedAt: number;
  readonly delivery: Delivery;
  slow: boolean;
}

/** How often sends in flight are checked for turning slow. */
const watchEveryMs = 20;
/** A send is never slow sooner than this. */
const minSlowMs = 50;

/**
 * The sends in flight of a sender pool, and the watch that finds those that turned slow (see
 * {@link sendSlowness}): each is counted as slow (at most `maxSlow` at once) and its sender
 * replaced (`replace`); its endpoint is marked slow in `slots`, which leaves it the one slot this
 * send holds, so the rest of its deliveries are held back (`holdBack`).
 */
function slowSendWatch(
  slots: EndpointSlots,
  on: {
    readonly timeoutMs: number;
    readonly maxSlow: number;
    readonly holdBack: (delivery: Pick<Delivery, 'affiliateId' | 'webhookId'>) => void;
    readonly replace: () => void;
  },
) {
  const { maxSlow } = on;
  const slowness = sendSlowness(on.timeoutMs);
  const sends = new Set<Send>();
  let slowSends = 0;
  const countSlow = (change: number) => {
    slowSends += change;
    slots.roomForSlow = slowSends < maxSlow;
  };
  const watchSlowSends = () => {
    const now = performance.now();
    const slowAfter = slowness.after();
    for (const send of sends) {
      if (send.slow || now - send.startedAt < slowAfter || slowSends >= maxSlow) continue;
      send.slow = true;
      countSlow(1);
      slots.mark(send.delivery.webhookId, true);
      on.holdBack(send.delivery);
      on.replace();
    }
  };
  /** A send ended: its answer time counts towards the usual one, and its endpoint is slow or not. */
  const noteEnd = (send: Send, settled: Settled) => {
    const answeredIn = answerTime(settled);
    if (answeredIn !== undefined) slowness.answered(answeredIn);
    // Only a send says how fast the endpoint is (one held back or given back was not sent).
    if (settled.kind === 'attempted')
      slots.mark(send.delivery.webhookId, performance.now() - send.startedAt >= slowness.after());
  };
  return { sends, countSlow, watchSlowSends, noteEnd };
}

/** How many of the waiting deliveries are the endpoint's. */
const waitingFor = (waiting: readonly Waiting[], webhookId: string) =>
  waiting.reduce((count, { claimed }) => count + (claimed.delivery.webhookId === webhookId ? 1 : 0), 0);

/** How long the receiver took to answer an attempt; undefined when it did not answer (time-out, refused) or nothing was sent. */
function answerTime(settled: Settled): number | undefined {
  if (settled.kind !== 'attempted') return undefined;
  const { attempt } = settled.attempted.item.outcome;
  return attempt.statusCode === undefined ? undefined : attempt.latencyMs;
}

/**
 * When a send counts as slow: 8 times the worker's usual answer time (a moving average of the
 * answers its receivers gave), at least {@link minSlowMs} and at most a quarter of the time-out.
 * Until a first answer, a quarter of the time-out.
 */
function sendSlowness(timeoutMs: number) {
  const most = timeoutMs / 4;
  let usual: number | undefined;
  return {
    after: () => (usual === undefined ? most : Math.min(most, Math.max(minSlowMs, 8 * usual))),
    answered(ms: number) {
      usual = usual === undefined ? ms : usual + (ms - usual) / 10;
    },
  };
}
