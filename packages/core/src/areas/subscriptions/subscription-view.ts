import { z } from 'zod';
import type { Subscription } from '../../storage/subscription-store';

/** The renewal view of a subscription (docs/api.md §2.6): `id`, `nextBillingDate`, optional `endDate`. */
export const subscriptionViewSchema = z.object({
  id: z.string(),
  nextBillingDate: z.iso.datetime(),
  endDate: z.iso.datetime().optional(),
});

export function toSubscriptionView(subscription: Subscription): z.infer<typeof subscriptionViewSchema> {
  return {
    id: subscription.id,
    nextBillingDate: subscription.nextBillingDate.toISOString(),
    ...(subscription.endDate ? { endDate: subscription.endDate.toISOString() } : {}),
  };
}
