import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { EventType } from '../../rules/events/event-dictionary';
import type { Storage } from '../../storage/storage';
import type { Subscription } from '../../storage/subscription-store';

/** The statuses a host sets with `setSubscriptionStatus`, each with the event it emits. */
export const subscriptionStatuses = ['active', 'paused', 'cancelled'] as const;

/** A status `setSubscriptionStatus` sets. */
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The COMMERCE event of a subscription's status change, if it has one: `subscription_paused`,
 * `subscription_cancelled`, and `subscription_resumed` when a paused or cancelled subscription
 * is active again. Other changes (to or from a host's own status such as `past_due`) emit none.
 */
export function subscriptionStatusEvent(from: string, to: string): EventType | undefined {
  if (from === to) return undefined;
  if (to === 'paused') return 'subscription_paused';
  if (to === 'cancelled') return 'subscription_cancelled';
  if (to === 'active' && (from === 'paused' || from === 'cancelled')) return 'subscription_resumed';
  return undefined;
}

/**
 * Emits a subscription's COMMERCE event in the caller's transaction: its id, status and plan,
 * the order that started it as `ecommerce_order_id` (the join to its journey and attribution,
 * docs/api.md §2.8 rule 2), its patient, and `extra` fields.
 */
export async function emitSubscriptionEvent(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  input: {
    eventType: EventType;
    subscription: Subscription;
    extra?: Readonly<Record<string, unknown>>;
    orderId?: string;
    eventKey?: string;
  },
): ReturnType<typeof emitEvent> {
  const { subscription } = input;
  const orderId = input.orderId ?? subscription.parentOrderId;
  return emitEvent(tx, deps, {
    affiliateId: subscription.affiliateId,
    eventType: input.eventType,
    ...(input.eventKey ? { eventKey: input.eventKey } : {}),
    data: {
      subscription_id: subscription.id,
      subscription_status: subscription.status,
      ...(orderId ? { ecommerce_order_id: orderId } : {}),
      plan_type: `${subscription.cadence.count}_${subscription.cadence.interval}`,
      ...input.extra,
    },
    ...(subscription.patientId ? { patientId: subscription.patientId } : {}),
    ...(orderId ? { orderId } : {}),
  });
}
