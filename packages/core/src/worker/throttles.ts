import type { ServiceDeps } from '../deps/service-deps';
import type { ClaimedDelivery } from '../storage/delivery-store';
import type { ClaimedBatch, Unsent } from './claimer';
import type { EndpointSlots } from './endpoint-slots';

/** How far ahead a worker reserves send slots of a throttled webhook. */
export const throttleHorizonMs = 2_000;

/**
 * How late a slot may at least still be used (timers and a busy event loop run a little late).
 * A slot missed by more than this, or half an interval, goes unused, so sends never bunch up.
 */
export const slotGraceMs = 25;

interface Slot {
  /** When the delivery may be sent, on this process's monotonic clock (`performance.now()`). */
  readonly at: number;
  /** After `at + lateMs` the slot is lost and the delivery is given back. */
  readonly lateMs: number;
}

/**
 * The send slots one worker holds for webhooks with a `rateLimit`. The rate is kept in storage
 * (`webhooks.reserveSends`): every worker sharing the outbox reserves slots on one timeline per
 * webhook, `1000 / rateLimit` ms apart, so the webhook gets its rate and no more, whichever
 * workers send. A fresh batch's deliveries of a throttled webhook each get a slot starting within
 * `horizonMs` (and within the batch's lease); the rest are given back unsent, spending no attempt,
 * due again half a horizon before the next free slot, so a claim brings them back while the
 * slots still in hand are being used. The rest of the webhook's due backlog is moved there too
 * (`deliveries.defer`, as an open breaker does), and meanwhile claims pass the webhook over, so a
 * throttled backlog is neither claimed and given back over and over nor read past by every claim. A delivery waits for its slot without a
 * sender; one whose slot passed by more than half an interval (at least `slotGraceMs`) is given back.
 * Slots are reserved at the service clock's time and waited for on the monotonic clock, as offsets
 * from the reservation: a worker waits the same whatever its clock (a test clock included).
 */
export function throttleBook(
  deps: Pick<ServiceDeps, 'storage'>,
  options: { readonly horizonMs?: number; readonly report: (error: unknown) => void },
) {
  const horizonMs = options.horizonMs ?? throttleHorizonMs;
  const lead = horizonMs / 2;
  const slots = new WeakMap<ClaimedDelivery, Slot>();
  // Whether any delivery was ever given a slot; until then the senders' questions have quick answers.
  let slotted = false;
  // Per webhook: until when (monotonic) claims pass it over (its backlog was given back until
  // then, or it has slots in hand beyond half a horizon).
  const passOver = new Map<string, number>();
  // Per webhook: the latest time (service clock) its due backlog was moved to.
  const deferredTo = new Map<string, number>();
  const holdUntil = (webhookId: string, at: number) => {
    if (at > (passOver.get(webhookId) ?? 0)) passOver.set(webhookId, at);
  };

  /** Slots for one webhook's deliveries of a batch; returns those given back. */
  const reserve = async (
    batch: ClaimedBatch,
    items: readonly ClaimedDelivery[],
    now: number,
    nowHere: number,
  ): Promise<Unsent[]> => {
    // The service clock's `now` is `nowHere` on the monotonic clock.
    const local = (at: number) => nowHere + (at - now);
    const first = items[0]!;
    const loaded = await batch.webhookOf(first).catch(() => undefined);
    const webhook = loaded?.webhook;
    // A webhook that cannot be read, is gone or disabled is the sender's to settle.
    if (webhook?.rateLimit === undefined || webhook.status !== 'enabled') return [];
    const horizon = Math.min(horizonMs, batch.sendBy - now);
    let reserved: Awaited<ReturnType<ServiceDeps['storage']['webhooks']['reserveSends']>>;
    try {
      reserved = await deps.storage.webhooks.reserveSends({
        affiliateId: webhook.affiliateId,
        id: webhook.id,
        count: items.length,
        now: new Date(now),
        horizonMs: Math.max(0, horizon),
      });
    } catch (error) {
      options.report(error);
      holdUntil(webhook.id, local(now + lead));
      return items.map((claimed) => ({ claimed, until: new Date(now + lead) }));
    }
    if (!reserved) return [];
    const { granted, intervalMs } = reserved;
    const firstAt = reserved.firstAt.getTime();
    const lateMs = Math.max(intervalMs / 2, slotGraceMs);
    if (granted > 0) slotted = true;
    items.slice(0, granted).forEach((claimed, i) => {
      slots.set(claimed, { at: local(firstAt + i * intervalMs), lateMs });
    });
    const nextFree = firstAt + granted * intervalMs;
    if (granted > 0) holdUntil(webhook.id, local(nextFree - intervalMs - lead));
    if (granted === items.length) return [];
    const until = new Date(Math.max(now + Math.max(intervalMs, 1), nextFree - lead));
    holdUntil(webhook.id, local(until.getTime()));
    // The rest of its due backlog moves there too, so claims stop reading past it meanwhile.
    if ((deferredTo.get(webhook.id) ?? 0) < until.getTime()) {
      deferredTo.set(webhook.id, until.getTime());
      await deps.storage.deliveries
        .defer({ affiliateId: webhook.affiliateId, webhookId: webhook.id, until, now: new Date(now) })
        .catch(options.report);
    }
    return items.slice(granted).map((claimed) => ({ claimed, until }));
  };

  return {
    /**
     * Reserves slots for the deliveries of a fresh batch whose webhook has a `rateLimit` (one
     * storage call per such webhook); returns the deliveries that got none, to give back.
     */
    async admit(batch: ClaimedBatch, now: Date): Promise<Unsent[]> {
      const byWebhook = new Map<string, ClaimedDelivery[]>();
      for (const claimed of batch.items) {
        const key = `${claimed.delivery.affiliateId}\u0000${claimed.delivery.webhookId}`;
        const group = byWebhook.get(key);
        if (group) group.push(claimed);
        else byWebhook.set(key, [claimed]);
      }
      const nowHere = performance.now();
      const given = await Promise.all(
        [...byWebhook.values()].map((items) => reserve(batch, items, now.getTime(), nowHere)),
      );
      return given.flat();
    },
    ...slotQueries(slots, () => slotted),
    /** Throttled webhooks claims pass over now: their slots are taken, or in hand, until later. */
    holding(): string[] {
      const now = performance.now();
      const ids: string[] = [];
      for (const [id, until] of passOver) {
        if (until > now) ids.push(id);
        else passOver.delete(id);
      }
      return ids;
    },
    /** In how many ms the first webhook claims pass over may be claimed again; undefined when none is. */
    heldFor(): number | undefined {
      const now = performance.now();
      let first: number | undefined;
      for (const until of passOver.values()) {
        if (until > now && (first === undefined || until < first)) first = until;
      }
      return first === undefined ? undefined : first - now;
    },
  };
}

/**
 * What the senders ask of the slots held: which waiting delivery may go, and when the next may.
 * Until `slotted()` says a slot was ever given, no delivery has one, and every question is
 * answered without looking at the deliveries waiting: a worker with no throttled webhook pays
 * nothing per send.
 */
function slotQueries(slots: WeakMap<ClaimedDelivery, Slot>, slotted: () => boolean) {
  const queries = {
    /** Whether a claimed delivery may be sent now: it has no slot, or its slot has started. */
    ready(claimed: ClaimedDelivery): boolean {
      if (!slotted()) return true;
      const slot = slots.get(claimed);
      return !slot || slot.at <= performance.now();
    },
    /** Whether the delivery's slot passed too long ago to be used: it is given back instead. */
    late(claimed: ClaimedDelivery): boolean {
      if (!slotted()) return false;
      const slot = slots.get(claimed);
      return slot !== undefined && performance.now() > slot.at + slot.lateMs;
    },
    /**
     * The waiting delivery whose slot has started, earliest slot first, and whose endpoint may
     * take a send (`free`); -1 when none. A started slot goes before anything else waiting.
     */
    pickDue(
      waiting: readonly { readonly claimed: ClaimedDelivery }[],
      free: (webhookId: string) => boolean,
    ): number {
      if (!slotted()) return -1;
      const now = performance.now();
      let best = -1;
      let bestAt = Number.POSITIVE_INFINITY;
      waiting.forEach(({ claimed }, index) => {
        const slot = slots.get(claimed);
        if (slot && slot.at <= now && slot.at < bestAt && free(claimed.delivery.webhookId)) {
          best = index;
          bestAt = slot.at;
        }
      });
      return best;
    },
    /** In how many ms the next slot of a waiting delivery starts; undefined when none is ahead. */
    nextIn(waiting: readonly { readonly claimed: ClaimedDelivery }[]): number | undefined {
      if (!slotted()) return undefined;
      const now = performance.now();
      let next: number | undefined;
      for (const { claimed } of waiting) {
        const at = slots.get(claimed)?.at;
        if (at !== undefined && at > now && (next === undefined || at < next)) next = at;
      }
      return next === undefined ? undefined : next - now;
    },
    /**
     * The next delivery to send: one whose slot has started (earliest first), else the first
     * `endpoints` lets go whose slot, if any, has started; -1 when none may go now.
     */
    pick(
      waiting: readonly { readonly claimed: ClaimedDelivery }[],
      endpoints: Pick<EndpointSlots, 'free' | 'pick'>,
    ): number {
      const due = queries.pickDue(waiting, endpoints.free);
      return due >= 0 ? due : endpoints.pick(waiting, queries.ready);
    },
  };
  return queries;
}

/**
 * A timer that wakes parked senders when the next send slot starts: `at(inMs)` keeps the
 * earliest asked for; `stop` clears it.
 */
export function slotAlarm(wake: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = Number.POSITIVE_INFINITY;
  return {
    at(inMs: number | undefined): void {
      if (inMs === undefined || performance.now() + inMs >= due) return;
      clearTimeout(timer);
      due = performance.now() + inMs;
      timer = setTimeout(() => {
        due = Number.POSITIVE_INFINITY;
        wake();
      }, Math.ceil(inMs));
    },
    stop(): void {
      clearTimeout(timer);
    },
  };
}

/** The send slots one worker holds; see {@link throttleBook}. */
export type ThrottleBook = ReturnType<typeof throttleBook>;
