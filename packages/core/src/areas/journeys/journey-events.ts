import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { EventType } from '../../rules/events/event-dictionary';
import type { Journey, JourneyStatus, JourneyTemplate } from '../../storage/journey-store';
import type { Order } from '../../storage/order-store';
import type { Storage } from '../../storage/storage';

/** The dictionary event of each journey status (docs/api.md §6.1). */
export const journeyStatusEvents: Readonly<Record<JourneyStatus, EventType>> = {
  started: 'journey_started',
  contact_captured: 'journey_contact_captured',
  checkout_started: 'journey_checkout_started',
  completed: 'journey_completed',
  abandoned: 'journey_abandoned',
};

/**
 * Emits a journey's event for its current status, in the caller's transaction. The event id is
 * derived from the journey and the status (docs/api.md §9.4: journey event_id stable across attempts),
 * so the same change reported twice is one event. `ecommerce_order_id` appears once an order
 * exists (docs/api.md §6.5); `had_cart` says whether checkout was reached, and decides whether
 * journey_abandoned carries first_purchase (docs/api.md §6.4).
 */
/**
 * What every event of a journey starts from: its links (journey, order, patient) and the fields
 * that name the journey, its template and its order once one exists (docs/api.md §6.5).
 */
export async function journeyEventBase(
  tx: Storage,
  journey: Journey,
  template: JourneyTemplate | undefined,
): Promise<{
  readonly order: Order | undefined;
  readonly links: { journeyId: string; orderId?: string; patientId?: string };
  readonly data: Record<string, unknown>;
}> {
  const order = journey.orderId
    ? await tx.orders.get({ affiliateId: journey.affiliateId, id: journey.orderId })
    : undefined;
  return {
    order,
    links: {
      journeyId: journey.id,
      ...(journey.orderId ? { orderId: journey.orderId } : {}),
      ...(order?.patientId ? { patientId: order.patientId } : {}),
    },
    data: {
      journey_id: journey.id,
      template_id: journey.templateId,
      ...(template
        ? { template_display_name: template.templateDisplayName, journey_type: template.journeyType }
        : {}),
      ...(journey.orderId ? { ecommerce_order_id: journey.orderId } : {}),
      started_at: journey.startedAt.toISOString(),
    },
  };
}

export async function emitJourneyEvent(
  tx: Storage,
  deps: Pick<ServiceDeps, 'clock' | 'ids'>,
  input: { journey: Journey; template: JourneyTemplate | undefined; hadCart: boolean },
): Promise<void> {
  const { journey, template } = input;
  const { order, links, data } = await journeyEventBase(tx, journey, template);
  await emitEvent(tx, deps, {
    affiliateId: journey.affiliateId,
    eventType: journeyStatusEvents[journey.status],
    eventKey: `${journey.id}:${journey.status}`,
    ...links,
    data: {
      ...data,
      ...(journey.completedAt ? { completed_at: journey.completedAt.toISOString() } : {}),
      ...(journey.abandonedAt ? { abandoned_at: journey.abandonedAt.toISOString() } : {}),
      had_cart: input.hadCart,
      ...(order
        ? {
            total_value_cents: order.totalCents,
            currency: order.currency,
            products: order.products,
            product_variation_ids: order.products.map((product) => product.productVariationId),
            commerce_status: order.status,
            first_purchase: !order.isRenewal,
          }
        : { first_purchase: true }),
    },
  });
}
