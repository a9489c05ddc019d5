import type { EventRecord } from './v2-payload';

/**
 * The raw field holding the id of the entity each family of events is about, by event-name
 * prefix, longest first where two share a start. Journey-side events are about their journey,
 * `ecommerce_order_*` about the order, `order_*` about the clinical order.
 */
const entityFields: readonly (readonly [prefix: string, field: string])[] = [
  ['ecommerce_order_', 'ecommerce_order_id'],
  ['subscription_', 'subscription_id'],
  ['journey_', 'journey_id'],
  ['custom_intake_form_', 'journey_id'],
  ['order_', 'order_id'],
  ['prescription_', 'prescription_id'],
  ['pharmacy_', 'prescription_id'],
  ['shipment_', 'shipment_id'],
  ['consultation_payment_', 'payment_id'],
  ['payment_', 'payment_id'],
  ['lab_', 'lab_order_id'],
  ['support_case_', 'support_case_id'],
];

/**
 * The entity an event is about, as `field:id` (`ecommerce_order_id:ord_1`): what a webhook with
 * `ordering: 'entity'` sends one at a time. Patient events are about the patient. Undefined when
 * the event names no such id; its deliveries are then not held back by any other.
 *
 * @example
 * entityKeyOf({ eventType: 'ecommerce_order_paid', data: { ecommerce_order_id: 'ord_1' }, ... }) // 'ecommerce_order_id:ord_1'
 */
export function entityKeyOf(event: Pick<EventRecord, 'eventType' | 'data' | 'patient'>): string | undefined {
  if (event.eventType.startsWith('patient_'))
    return event.patient ? `patient_id:${event.patient.id}` : undefined;
  const field = entityFields.find(([prefix]) => event.eventType.startsWith(prefix))?.[1];
  const id = field === undefined ? undefined : event.data[field];
  return typeof id === 'string' && id !== '' ? `${field}:${id}` : undefined;
}
