import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, notFound } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { EventType } from '../../rules/events/event-dictionary';
import type { EventRecord } from '../../rules/events/v2-payload';
import { recordId } from '../orders/order-input';

/** The kinds of activity `recordOrderActivity` takes. */
export const orderActivityTypes = [
  'message_received',
  'visit_scheduled',
  'visit_completed',
  'asset_unlocked',
  'titration_changed',
  'reminder_sent',
  'questionnaire_completed',
] as const;

/** A kind of activity on a clinical order. */
export type OrderActivityType = (typeof orderActivityTypes)[number];

/**
 * The ORDER event of each activity (docs/api.md §6.1), and the §6.2 field that receives the
 * activity's `id` where the allowlist has one.
 */
const activities: Readonly<Record<OrderActivityType, { event: EventType; idField?: string }>> = {
  message_received: { event: 'order_message_received' },
  visit_scheduled: { event: 'order_visit_scheduled', idField: 'visit_id' },
  visit_completed: { event: 'order_visit_completed', idField: 'visit_id' },
  asset_unlocked: { event: 'order_asset_unlocked', idField: 'order_asset_id' },
  titration_changed: { event: 'order_titration_changed' },
  reminder_sent: { event: 'order_reminder_sent' },
  questionnaire_completed: { event: 'order_questionnaire_completed' },
};

/** What the host sends when something happens on a clinical order. */
export const recordOrderActivityInput = z.strictObject({
  affiliateId: recordId,
  /** The clinical order, as recorded with `recordClinicalOrder`. */
  orderId: recordId,
  activity: z.strictObject({
    type: z.enum(orderActivityTypes),
    /**
     * The host's id of this occurrence (the message, visit, asset, reminder, questionnaire
     * response or titration change): one event per order, type and id, however often it is sent.
     */
    id: recordId,
    /** Raw fields under docs/api.md §6.2 names (`visit_type`, `questionnaire_id`, `titration_direction`, ...). */
    fields: z.record(z.string(), z.unknown()).default({}),
  }),
});

/** Input of `service.commerce.recordOrderActivity`. */
export type RecordOrderActivityInput = z.input<typeof recordOrderActivityInput>;

/**
 * Emits the ORDER event of something that happened on a clinical order: a message received
 * (`order_message_received`), a visit scheduled or completed (`order_visit_*`, the id is
 * `visit_id`), an asset unlocked (`order_asset_unlocked`, the id is `order_asset_id`,
 * `unlocked_at` defaults to now), a titration change, a reminder sent or a questionnaire
 * completed. The event carries the order's id, status, case and links with the activity's
 * fields. The same activity sent again is the same event, delivered once.
 *
 * @returns the event; 404 NOT_FOUND when the clinical order does not exist for the affiliate;
 *   422 INVALID_FIELD naming the field when the input is invalid
 */
export function recordOrderActivity(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: RecordOrderActivityInput,
): ResultAsync<EventRecord, DomainError> {
  const input = validate(recordOrderActivityInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, orderId, activity } = input.value;
  const rule = activities[activity.type];
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(async (tx) => {
      const order = await tx.records.get({ affiliateId, kind: 'clinicalOrder', id: orderId });
      if (!order) return undefined;
      const { case_id: caseId, case_status: caseStatus } = order.fields;
      const data = {
        ...(activity.type === 'asset_unlocked' ? { unlocked_at: deps.clock.now().toISOString() } : {}),
        ...activity.fields,
        ...(rule.idField ? { [rule.idField]: activity.id } : {}),
        order_id: order.id,
        order_status: order.status,
        ...(order.orderId ? { ecommerce_order_id: order.orderId } : {}),
        ...(order.journeyId ? { journey_id: order.journeyId } : {}),
        ...(caseId === undefined ? {} : { case_id: caseId }),
        ...(caseStatus === undefined ? {} : { case_status: caseStatus }),
      };
      const { event } = await emitEvent(tx, deps, {
        affiliateId,
        eventType: rule.event,
        data,
        eventKey: `clinicalOrder:${order.id}:${activity.type}:${activity.id}`,
        ...(order.patientId ? { patientId: order.patientId } : {}),
        ...(order.orderId ? { orderId: order.orderId } : {}),
        ...(order.journeyId ? { journeyId: order.journeyId } : {}),
      });
      return event;
    }),
  ).andThen((event) => (event ? okAsync(event) : errAsync(notFound('clinical order'))));
}
