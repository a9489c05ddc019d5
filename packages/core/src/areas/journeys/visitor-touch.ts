import { retryCompareAndSet } from '../../base/compare-and-set';
import type { StorefrontCapture } from '../../rules/attribution/capture-input';
import { type Attribution, applyTouch } from '../../rules/attribution/touches';
import type { JourneyStore } from '../../storage/journey-store';

/**
 * Records one storefront touch on the visitor's attribution (docs/api.md §2.8): first touch written once,
 * last replaced, `touch_count` counted. A capture that is no touch writes nothing. The write is a
 * compare-and-set on the touch count, retried until it lands, so views of one visitor at once
 * all count.
 *
 * @returns the visitor's attribution after the touch; `undefined` when nothing was ever captured
 */
export async function recordVisitorTouch(
  journeys: JourneyStore,
  input: { affiliateId: string; visitorId: string; capture: StorefrontCapture; now: Date },
): Promise<Attribution | undefined> {
  const { affiliateId, visitorId, capture, now } = input;
  const touched = await retryCompareAndSet({
    // Wrapped: a visitor with no touches yet is a record to create, not one that is gone.
    read: async () => ({ current: await journeys.visitorAttribution({ affiliateId, visitorId }) }),
    write: async ({ current }) => {
      const next = applyTouch(current, capture, { now, visitorId });
      if (next === undefined || next === current) return { attribution: current };
      const saved = await journeys.saveVisitorAttribution({
        affiliateId,
        visitorId,
        attribution: next,
        expectedTouchCount: current?.touch_count ?? 0,
        updatedAt: now,
      });
      return saved ? { attribution: next } : undefined;
    },
  });
  return touched?.attribution;
}
