import type { StorefrontCapture } from '../attribution/capture-input';
import { type Attribution, applyTouch } from '../attribution/touches';
import type { JourneyStore } from './journey-store';

/** Concurrent touches of one visitor retry their compare-and-set this many times. @example maxTouchAttempts // 5 */
export const maxTouchAttempts = 5;

/**
 * Records one storefront touch on the visitor's attribution (SPEC 2.8): first touch written once,
 * last replaced, `touch_count` counted. A capture that is no touch writes nothing. The write is a
 * compare-and-set on the touch count, so two views of one visitor at once both count.
 *
 * @returns the visitor's attribution after the touch; `undefined` when nothing was ever captured,
 *   or when every attempt lost to a concurrent touch (the page view still loads)
 * @example
 * await recordVisitorTouch(storage.journeys, { affiliateId, visitorId: 'v1', capture, now });
 */
export async function recordVisitorTouch(
  journeys: JourneyStore,
  input: { affiliateId: string; visitorId: string; capture: StorefrontCapture; now: Date },
): Promise<Attribution | undefined> {
  const { affiliateId, visitorId, capture, now } = input;
  for (let attempt = 0; attempt < maxTouchAttempts; attempt += 1) {
    const current = await journeys.visitorAttribution({ affiliateId, visitorId });
    const next = applyTouch(current, capture, { now, visitorId });
    if (next === undefined || next === current) return current;
    const saved = await journeys.saveVisitorAttribution({
      affiliateId,
      visitorId,
      attribution: next,
      expectedTouchCount: current?.touch_count ?? 0,
      updatedAt: now,
    });
    if (saved) return next;
  }
  return undefined;
}
