import type { ServiceDeps } from '../../deps/service-deps';
import { type EmitInput, emitEvents } from '../../outbox/emit-event';
import { readOnce } from '../../outbox/read-once';
import type { EventType } from '../../rules/events/event-dictionary';
import type { CouponRedemption, Order, OrderStatus } from '../../storage/order-store';
import type { Storage } from '../../storage/storage';

/** The raw event of an order: everything COMMERCE consumers may need; v2 keeps its allowlist. */
export function orderEventData(
  order: Order,
  redemptions: readonly CouponRedemption[],
): Record<string, unknown> {
  return {
    ecommerce_order_id: order.id,
    ...(order.journeyId ? { journey_id: order.journeyId } : {}),
    ...(order.subscriptionId ? { subscription_id: order.subscriptionId } : {}),
    commerce_status: order.status,
    total_value_cents: order.totalCents,
    currency: order.currency,
    product_variation_ids: order.products.map((product) => product.productVariationId),
    products: order.products,
    first_purchase: !order.isRenewal,
    ...(order.cycleNumber === undefined ? {} : { cycle_number: order.cycleNumber }),
    ...(redemptions[0] ? { coupon_code: redemptions[0].code } : {}),
    ...(order.campaignId ? { campaign_id: order.campaignId } : {}),
    ...(order.patientId ? { patient_id: order.patientId } : {}),
  };
}

/** Events a status change emits (docs/api.md §6.1 dictionary, COMMERCE family). */
const statusEvents: Partial<Record<OrderStatus, EventType>> = {
  paid: 'ecommerce_order_paid',
  cancelled: 'ecommerce_order_cancelled',
  refunded: 'ecommerce_order_refunded',
};

/**
 * Emits an order's events in the caller's transaction: `ecommerce_order_created` (and
 * `subscription_renewed` for a renewal) when the order is new, and the status event when its
 * status changed. Attribution comes from the order's journey, or the original order for a renewal.
 */
export async function emitOrderEvents(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  input: { order: Order; redemptions: readonly CouponRedemption[]; previous: Order | undefined },
): Promise<void> {
  const { order, previous } = input;
  // The order's events read the same rows (the order, its journey, the webhooks): once each.
  const reads = readOnce(tx, { orders: [order] });
  const base = {
    affiliateId: order.affiliateId,
    data: orderEventData(order, input.redemptions),
    orderId: order.id,
    ...(order.patientId ? { patientId: order.patientId } : {}),
    ...(order.journeyId ? { journeyId: order.journeyId } : {}),
  };
  // Keys derived from the order make a retried call emit nothing twice.
  const events: EmitInput[] = [];
  if (!previous) {
    events.push({ ...base, eventType: 'ecommerce_order_created', eventKey: `${order.id}:created` });
    if (order.isRenewal)
      events.push({ ...base, eventType: 'subscription_renewed', eventKey: `${order.id}:renewed` });
  }
  const statusEvent = statusEvents[order.status];
  if (statusEvent && previous?.status !== order.status && (previous || order.status !== 'pending'))
    events.push({ ...base, eventType: statusEvent, eventKey: `${order.id}:${order.status}` });
  await emitEvents(reads, deps, events);
}
