import type { ServiceDeps } from '../deps/service-deps';
import type { ClaimedDelivery } from '../storage/delivery-store';
import type { BreakerBook } from './breakers';
import { type ClaimedBatch, claimBatch, releaseClaims, type Unsent } from './claimer';
import type { DeliveryOptions } from './defaults';
import type { EndpointSlots } from './endpoint-slots';
import type { OutageLog } from './outage-log';
import type { ThrottleBook } from './throttles';
import type { WorkerPulse } from './worker-liveness';

/** A claimed delivery waiting in a running worker for a sender, with the batch it came in. */
export interface Waiting {
  readonly batch: ClaimedBatch;
  readonly claimed: ClaimedDelivery;
}

/** The claiming side of a running worker; see {@link claimLoop}. */
export interface ClaimLoop {
  /** Claims until the signal aborts; resolves once it has stopped. */
  run(): Promise<void>;
  /** Whether the loop has stopped: no more deliveries will come. */
  readonly done: boolean;
  /** Unparks the claimer when it waits for the deliveries that could go to run low. */
  wake(): void;
  /** Whether it is parked, waiting for a `wake`: only then is it worth asking whether to wake it. */
  readonly parked: boolean;
  /** Claim again now: ends an idle back-off, or is kept so the claim in flight is followed by another. */
  nudge(): void;
  /** Claim again at each of `times` (ms since the epoch): retries this worker wrote fall due then. */
  wakeAt(times: readonly number[]): void;
  /** Clears its timers and its abort listener. */
  stop(): void;
}

/**
 * The claimer of a running worker. It claims the next batch once the deliveries in hand run
 * short of what it `want`s (`EndpointSlots.short`): too few to send, or too few endpoints to keep
 * every sender busy. Its claims pass over endpoints with `crowd` deliveries waiting here and those
 * whose breaker holds them back or whose send slots are taken (`throttles`); it parks otherwise.
 * A batch's deliveries of a throttled webhook that get no send slot soon are given back at once.
 * While the outbox is empty it backs off, doubling from `idleMs` up to `maxIdleMs`; a nudge from
 * a sender, a retry falling due or a throttled webhook's slots running low wakes it.
 * Each batch is added to `waiting` and `claimed` is called; every error goes to `storage`.
 */
export function claimLoop(
  deps: ServiceDeps,
  options: DeliveryOptions,
  loop: {
    readonly signal: AbortSignal;
    readonly waiting: Waiting[];
    readonly slots: EndpointSlots;
    readonly breakers: BreakerBook;
    readonly throttles: ThrottleBook;
    readonly pulse: WorkerPulse;
    readonly storage: OutageLog;
    readonly batchSize: number;
    readonly want: { readonly depth: number; readonly width: number };
    readonly crowd: number;
    readonly idleMs: number;
    readonly maxIdleMs: number;
    readonly maxWriteDelayMs: number;
    readonly claimed: () => void;
  },
): ClaimLoop {
  const { signal, waiting, slots } = loop;
  let done = false;
  let parked: (() => void) | undefined;
  const wake = () => {
    const resume = parked;
    parked = undefined;
    resume?.();
  };
  const wakeUps = idleWakeUps(deps, signal);
  const onAbort = () => {
    wakeUps.abort();
    wake();
  };
  signal.addEventListener('abort', onAbort, { once: true });

  /**
   * One claim, passing over crowded endpoints and those a breaker or a throttle holds, with what
   * of it got no send slot; undefined when it failed.
   */
  const claim = async (): Promise<{ batch: ClaimedBatch; unsent: Set<Unsent['claimed']> } | undefined> => {
    try {
      const now = deps.clock.now();
      const crowded = slots.crowded(waiting, loop.crowd);
      const held = [...loop.breakers.holding(now), ...loop.throttles.holding()];
      const skipWebhookIds = [...new Set([...crowded, ...held])];
      const batch = await claimBatch(deps, {
        ...options,
        limit: loop.batchSize,
        writeDelayMs: loop.maxWriteDelayMs,
        skipWebhookIds,
      });
      loop.storage.succeeded();
      const unsent = batch.items.length > 0 ? await loop.throttles.admit(batch, deps.clock.now()) : [];
      // Claim the throttled webhooks again when their slots in hand run low.
      const heldFor = loop.throttles.heldFor();
      if (heldFor !== undefined) wakeUps.wakeAt([deps.clock.now().getTime() + heldFor]);
      if (unsent.length > 0)
        await releaseClaims(deps, unsent).catch((error: unknown) => loop.storage.failed(error));
      return { batch, unsent: new Set(unsent.map(({ claimed }) => claimed)) };
    } catch (error) {
      loop.storage.failed(error);
      return undefined;
    }
  };

  const run = async () => {
    let wait = loop.idleMs;
    while (!signal.aborted) {
      loop.pulse.beat();
      if (!slots.short(waiting, loop.want, loop.throttles.ready)) {
        await new Promise<void>((resolve) => {
          parked = resolve;
        });
        continue;
      }
      // What happens from here on is seen by this claim, or calls for the next one.
      wakeUps.claiming();
      const claimed = await claim();
      if (!claimed || claimed.batch.items.length === 0) {
        // Nothing due beyond what is in hand: back off, but senders wake it once the queue runs low.
        await wakeUps.idle(wait);
        wait = Math.min(loop.maxIdleMs, wait * 2);
        continue;
      }
      wait = loop.idleMs;
      const { batch, unsent } = claimed;
      for (const item of batch.items) if (!unsent.has(item)) waiting.push({ batch, claimed: item });
      loop.claimed();
    }
    done = true;
    loop.claimed();
  };

  return {
    run,
    get done() {
      return done;
    },
    get parked() {
      return parked !== undefined;
    },
    wake,
    nudge: wakeUps.nudge,
    wakeAt: wakeUps.wakeAt,
    stop() {
      wakeUps.stop();
      signal.removeEventListener('abort', onAbort);
    },
  };
}

/** Due times within one slot of this many ms share a wake-up, the slot's end. */
const wakeSlotMs = 25;
/** Due times kept at most; later ones are left to the back-off, which finds them within `maxIdleMs`. */
const maxWakeUps = 1_000;

/**
 * The idle claimer's sleep: it lasts until its back-off ends, a nudge comes (a sender saw the
 * queue run low), a retry this worker wrote falls due, or the signal aborts. A nudge that comes
 * while a claim is in flight is kept, so the claimer does not then sleep through it. Every due
 * time it is given wakes it once, rounded up to the end of its slot (never early, even when a
 * timer fires a millisecond before its time), so a retry due after another is not forgotten.
 */
function idleWakeUps(deps: Pick<ServiceDeps, 'clock'>, signal: AbortSignal) {
  let wakeIdle: (() => void) | undefined;
  let claimAgain = false;
  const nudge = () => {
    if (wakeIdle) wakeIdle();
    else claimAgain = true;
  };
  let dueTimer: ReturnType<typeof setTimeout> | undefined;
  /** Slot ends still to wake at, ascending and distinct; the timer is set for the first. */
  const wakeUps: number[] = [];
  const arm = () => {
    clearTimeout(dueTimer);
    const next = wakeUps[0];
    if (next === undefined) return;
    dueTimer = setTimeout(
      () => {
        const now = deps.clock.now().getTime();
        let fallen = 1;
        while (fallen < wakeUps.length && wakeUps[fallen]! <= now) fallen += 1;
        wakeUps.splice(0, fallen);
        arm();
        nudge();
      },
      // A timer longer than 2^31 - 1 ms would fire at once; one that long just wakes it early.
      Math.min(2 ** 31 - 1, Math.max(0, next - deps.clock.now().getTime())),
    );
    dueTimer.unref?.();
  };
  return {
    nudge,
    /** A claim starts: what happens from here on is seen by it, or calls for the next one. */
    claiming() {
      claimAgain = false;
    },
    idle: (ms: number) =>
      new Promise<void>((resolve) => {
        if (signal.aborted || claimAgain) {
          claimAgain = false;
          return resolve();
        }
        const end = () => {
          clearTimeout(timer);
          wakeIdle = undefined;
          resolve();
        };
        const timer = setTimeout(end, ms);
        wakeIdle = end;
      }),
    wakeAt(times: readonly number[]) {
      const first = wakeUps[0];
      for (const at of times) {
        const slotEnd = (Math.floor(at / wakeSlotMs) + 1) * wakeSlotMs;
        let low = 0;
        let high = wakeUps.length;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (wakeUps[middle]! < slotEnd) low = middle + 1;
          else high = middle;
        }
        if (wakeUps[low] === slotEnd || low >= maxWakeUps) continue;
        wakeUps.splice(low, 0, slotEnd);
        if (wakeUps.length > maxWakeUps) wakeUps.pop();
      }
      if (wakeUps[0] !== first) arm();
    },
    abort() {
      wakeIdle?.();
    },
    stop() {
      clearTimeout(dueTimer);
    },
  };
}
