import type { ClaimedDelivery } from '../storage/delivery-store';

/** Whether a waiting delivery may go now, beyond its endpoint's cap. */
type Ready = (claimed: ClaimedDelivery) => boolean;

/**
 * The per-endpoint cap on sends in flight: which waiting delivery may go next, and which
 * endpoints have enough waiting. A slow or dead endpoint can hold at most `perEndpoint` sends; the rest of
 * its deliveries wait while other endpoints' deliveries pass them.
 */
export function endpointSlots(perEndpoint: number) {
  const inFlight = new Map<string, number>();
  const busy = (webhookId: string) => inFlight.get(webhookId) ?? 0;
  return {
    /** Whether the endpoint may take another send. */
    free(webhookId: string): boolean {
      return busy(webhookId) < perEndpoint;
    },
    /**
     * The index of the first waiting delivery whose endpoint has a free slot, or -1. With `ready`,
     * only deliveries it allows (a throttled one whose send slot has started) are picked.
     */
    pick(waiting: readonly { readonly claimed: ClaimedDelivery }[], ready?: Ready): number {
      return waiting.findIndex(
        ({ claimed }) => busy(claimed.delivery.webhookId) < perEndpoint && (!ready || ready(claimed)),
      );
    },
    /** How many of the waiting deliveries could be sent now, given the free slots (and `ready`). */
    sendable(waiting: readonly { readonly claimed: ClaimedDelivery }[], ready?: Ready): number {
      const taken = new Map<string, number>();
      let count = 0;
      for (const { claimed } of waiting) {
        if (ready && !ready(claimed)) continue;
        const id = claimed.delivery.webhookId;
        const used = busy(id) + (taken.get(id) ?? 0);
        if (used < perEndpoint) {
          taken.set(id, (taken.get(id) ?? 0) + 1);
          count += 1;
        }
      }
      return count;
    },
    /**
     * Endpoints with at least `allowance` deliveries waiting here: enough in hand, so claims pass
     * them over and other endpoints' deliveries come in instead.
     */
    crowded(waiting: readonly { readonly claimed: ClaimedDelivery }[], allowance: number): string[] {
      const counts = new Map<string, number>();
      for (const { claimed } of waiting) {
        const id = claimed.delivery.webhookId;
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return [...counts].filter(([, count]) => count >= allowance).map(([id]) => id);
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
