import type { ClaimedDelivery } from '../storage/delivery-store';

/** Whether a waiting delivery may go now, beyond its endpoint's cap. */
type Ready = (claimed: ClaimedDelivery) => boolean;

/**
 * The per-endpoint cap on sends in flight: which waiting delivery may go next, and which
 * endpoints have enough waiting. A slow or dead endpoint can hold at most `perEndpoint` sends; the rest of
 * its deliveries wait while other endpoints' deliveries pass them. An endpoint is slow from a send
 * to it that turned slow until one answers in time, and meanwhile holds one send at most (none
 * while the worker has no room for more slow sends, `roomForSlow`).
 */
export function endpointSlots(perEndpoint: number) {
  const inFlight = new Map<string, number>();
  const slow = new Set<string>();
  let roomForSlow = true;
  const busy = (webhookId: string) => inFlight.get(webhookId) ?? 0;
  const cap = (webhookId: string) => (!slow.has(webhookId) ? perEndpoint : roomForSlow ? 1 : 0);
  return {
    /** Whether the endpoint may take another send. */
    free(webhookId: string): boolean {
      return busy(webhookId) < cap(webhookId);
    },
    /** How many sends the endpoint may have in flight: `perEndpoint`, or 1 while it is slow (0 while no slow send may start). */
    cap,
    /** Whether sends to the endpoint are slow: one turned slow, and none has answered in time since. */
    slow(webhookId: string): boolean {
      return slow.has(webhookId);
    },
    /** A send to the endpoint turned slow (`true`), or answered in time (`false`). */
    mark(webhookId: string, isSlow: boolean): void {
      if (isSlow) slow.add(webhookId);
      else slow.delete(webhookId);
    },
    /** Whether slow endpoints may take sends: false while the worker has as many slow sends as it allows. */
    set roomForSlow(room: boolean) {
      roomForSlow = room;
    },
    /**
     * The index of the first waiting delivery whose endpoint has a free slot, or -1. With `ready`,
     * only deliveries it allows (a throttled one whose send slot has started) are picked.
     */
    pick(waiting: readonly { readonly claimed: ClaimedDelivery }[], ready?: Ready): number {
      return waiting.findIndex(
        ({ claimed }) =>
          busy(claimed.delivery.webhookId) < cap(claimed.delivery.webhookId) && (!ready || ready(claimed)),
      );
    },
    /**
     * Whether the worker should claim more: fewer than `depth` deliveries wait for endpoints that
     * are not slow, or those endpoints, counting their sends in flight, could not keep `width`
     * sends going (the other senders would have nothing to send). Deliveries waiting behind their
     * endpoint's busy slots count: they go as soon as its sends end. With `ready`, only deliveries
     * it allows count.
     */
    short(
      waiting: readonly { readonly claimed: ClaimedDelivery }[],
      want: { readonly depth: number; readonly width: number },
      ready?: Ready,
    ): boolean {
      // Counted as it goes, so it stops as soon as both are enough: an endpoint adds its sends in
      // flight and each of its deliveries waiting, up to perEndpoint in all.
      const room = new Map<string, number>();
      let depth = 0;
      let width = 0;
      for (const { claimed } of waiting) {
        const id = claimed.delivery.webhookId;
        if (slow.has(id) || (ready && !ready(claimed))) continue;
        let left = room.get(id);
        if (left === undefined) {
          const inFlight = busy(id);
          width += Math.min(perEndpoint, inFlight);
          left = perEndpoint - inFlight;
        }
        if (left > 0) width += 1;
        room.set(id, left - 1);
        depth += 1;
        if (depth >= want.depth && width >= want.width) return false;
      }
      // Also when nothing is wanted: no delivery waiting is not short of nothing.
      return depth < want.depth || width < want.width;
    },
    /**
     * Endpoints with at least `allowance` deliveries waiting here, and slow ones with one waiting
     * or in flight (they send one at a time): enough in hand, so claims pass them over and other
     * endpoints' deliveries come in instead.
     */
    crowded(waiting: readonly { readonly claimed: ClaimedDelivery }[], allowance: number): string[] {
      const counts = new Map<string, number>();
      for (const id of slow) if (busy(id) > 0) counts.set(id, 1);
      for (const { claimed } of waiting) {
        const id = claimed.delivery.webhookId;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return [...counts].filter(([id, count]) => count >= (slow.has(id) ? 1 : allowance)).map(([id]) => id);
    },
    take(webhookId: string): void {
      inFlight.set(webhookId, busy(webhookId) + 1);
    },
    give(webhookId: string): void {
      const left = busy(webhookId) - 1;
      if (left > 0) inFlight.set(webhookId, left);
      else inFlight.delete(webhookId);
    },
  };
}

/** The per-endpoint cap of {@link endpointSlots}. */
export type EndpointSlots = ReturnType<typeof endpointSlots>;
