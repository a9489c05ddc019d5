/**
 * The event dictionary (docs/api.md §6.1): 60 event types, 58 public and 2 internal. One public event,
 * `pharmacy_rejected_prescription`, is defined but not implemented, so 57 can be subscribed to.
 * The public names, their categories and the unimplemented one are webhook-verify's event list,
 * which every receiver installs; the rows below are typed by it, so a name or category that is in
 * one and not the other fails to compile.
 */
import {
  type CategoryOf,
  notYetSubscribable,
  type WebhookEventCategory,
  type WebhookEventType,
} from '@affiliate-commerce/webhook-verify/events';

/** Payload categories of docs/api.md §6.2: the public ones and INTERNAL. There is no SUBSCRIPTION or CHANNEL category. */
export type EventCategory = WebhookEventCategory | 'INTERNAL';

/** Every event type: the public ones of webhook-verify's list and the two internal ones. */
export type EventType = WebhookEventType | 'internal_patient_merged' | 'internal_audit_recorded';

/** One entry of the dictionary as `GET /webhooks/actions/getDictionary` serves it. */
export interface EventDefinition {
  readonly name: EventType;
  readonly category: EventCategory;
  readonly description: string;
  /**
   * What emits it: a host call on `service.commerce` (`commerce.recordOrder`), or an API route
   * (`POST /journeys`). `internal` for the internal events: no host call of their own (the generic
   * `commerce.emit` stores them) and no webhook receives them.
   */
  readonly emittedBy: string;
  /** Internal events are never delivered to affiliate webhooks. */
  readonly visibility: 'public' | 'internal';
  /** False only for events defined ahead of their implementation; those cannot be subscribed to. */
  readonly implemented: boolean;
}

/** A row whose category is the one webhook-verify's list gives its name. */
type Row = {
  [N in EventType]: readonly [
    name: N,
    category: N extends WebhookEventType ? CategoryOf<N> : 'INTERNAL',
    emittedBy: string,
    description: string,
  ];
}[EventType];

const rows = [
  [
    'order_created',
    'ORDER',
    'commerce.recordClinicalOrder',
    'A clinical order was created for a journey or an ecommerce order.',
  ],
  ['order_updated', 'ORDER', 'commerce.recordClinicalOrder', 'Allowlisted fields of an order changed.'],
  ['order_status_changed', 'ORDER', 'commerce.recordClinicalOrder', 'The order moved to another status.'],
  ['order_cancelled', 'ORDER', 'commerce.recordClinicalOrder', 'The order was cancelled.'],
  ['order_completed', 'ORDER', 'commerce.recordClinicalOrder', 'The order was completed.'],
  [
    'order_case_status_changed',
    'ORDER',
    'commerce.recordClinicalOrder',
    "The order's case moved to another status.",
  ],
  [
    'order_message_received',
    'ORDER',
    'commerce.recordOrderActivity',
    'A message was added to the order conversation.',
  ],
  ['order_visit_scheduled', 'ORDER', 'commerce.recordOrderActivity', 'A visit was scheduled for the order.'],
  ['order_visit_completed', 'ORDER', 'commerce.recordOrderActivity', 'A visit of the order was completed.'],
  ['order_asset_unlocked', 'ORDER', 'commerce.recordOrderActivity', 'An order asset became available.'],
  [
    'order_titration_changed',
    'ORDER',
    'commerce.recordOrderActivity',
    'The titration of the order changed direction or configuration.',
  ],
  ['order_reminder_sent', 'ORDER', 'commerce.recordOrderActivity', 'A reminder was sent for the order.'],
  [
    'order_questionnaire_completed',
    'ORDER',
    'commerce.recordOrderActivity',
    'A questionnaire of the order was completed.',
  ],
  [
    'order_product_changed',
    'ORDER',
    'commerce.recordClinicalOrder',
    'The product variations of the order changed.',
  ],
  ['prescription_created', 'PRESCRIPTION', 'commerce.recordPrescription', 'A prescription was created.'],
  ['prescription_approved', 'PRESCRIPTION', 'commerce.recordPrescription', 'A prescription was approved.'],
  ['prescription_denied', 'PRESCRIPTION', 'commerce.recordPrescription', 'A prescription was denied.'],
  [
    'prescription_sent_to_pharmacy',
    'PRESCRIPTION',
    'commerce.recordPrescription',
    'A prescription was sent to a pharmacy.',
  ],
  [
    'prescription_renewal_requested',
    'PRESCRIPTION',
    'commerce.recordPrescription',
    'A renewal of a prescription was requested.',
  ],
  [
    'pharmacy_received_prescription',
    'PHARMACY',
    'commerce.recordPharmacyStatus',
    'The pharmacy received the prescription.',
  ],
  [
    'pharmacy_filled_prescription',
    'PHARMACY',
    'commerce.recordPharmacyStatus',
    'The pharmacy filled the prescription.',
  ],
  [
    'pharmacy_status_changed',
    'PHARMACY',
    'commerce.recordPharmacyStatus',
    'The pharmacy status of a prescription changed.',
  ],
  [
    'pharmacy_rejected_prescription',
    'PHARMACY',
    'commerce.recordPharmacyStatus',
    'The pharmacy rejected the prescription (defined, not yet implemented).',
  ],
  ['shipment_created', 'SHIPPING', 'commerce.recordShipment', 'A shipment was created.'],
  ['shipment_in_transit', 'SHIPPING', 'commerce.recordShipment', 'The shipment is in transit.'],
  ['shipment_delivered', 'SHIPPING', 'commerce.recordShipment', 'The shipment was delivered.'],
  [
    'shipment_exception',
    'SHIPPING',
    'commerce.recordShipment',
    'The carrier reported a problem with the shipment.',
  ],
  ['payment_succeeded', 'PAYMENT', 'commerce.recordPayment', 'A payment succeeded.'],
  ['payment_failed', 'PAYMENT', 'commerce.recordPayment', 'A payment failed.'],
  ['payment_refunded', 'PAYMENT', 'commerce.recordPayment', 'A payment was refunded.'],
  ['consultation_payment_succeeded', 'PAYMENT', 'commerce.recordPayment', 'A consultation fee was paid.'],
  ['lab_order_created', 'LAB', 'commerce.recordLabOrder', 'A lab order was created.'],
  ['lab_order_status_changed', 'LAB', 'commerce.recordLabOrder', 'The lab order moved to another status.'],
  ['lab_results_received', 'LAB', 'commerce.recordLabOrder', 'The lab reported results.'],
  ['lab_results_interpreted', 'LAB', 'commerce.recordLabOrder', 'The lab results were interpreted.'],
  ['support_case_created', 'SUPPORT', 'POST /v2/cases/actions/create-ticket', 'A support case was created.'],
  ['support_case_status_changed', 'SUPPORT', 'GET /v2/cases/{id}', 'A support case moved to another status.'],
  [
    'support_case_replied',
    'SUPPORT',
    'POST /v2/cases/{id}/actions/respond',
    'A reply was added to a support case.',
  ],
  ['journey_started', 'JOURNEY', 'POST /journeys', 'A visitor started a journey.'],
  [
    'journey_contact_captured',
    'JOURNEY',
    'commerce.setJourneyStatus',
    "The journey captured the visitor's contact (the contact details themselves are never delivered in v2).",
  ],
  ['journey_checkout_started', 'JOURNEY', 'commerce.setJourneyStatus', 'The journey reached checkout.'],
  ['journey_completed', 'JOURNEY', 'commerce.setJourneyStatus', 'The journey was completed.'],
  ['journey_abandoned', 'JOURNEY', 'commerce.setJourneyStatus', 'The journey was abandoned.'],
  [
    'custom_intake_form_completed',
    'JOURNEY',
    'commerce.completeIntakeForm',
    'A custom intake form of a journey was completed.',
  ],
  ['ecommerce_order_created', 'COMMERCE', 'commerce.recordOrder', 'An ecommerce order was created.'],
  ['ecommerce_order_paid', 'COMMERCE', 'commerce.setOrderStatus', 'An ecommerce order was paid.'],
  [
    'ecommerce_order_refunded',
    'COMMERCE',
    'commerce.setOrderStatus',
    'An ecommerce order was refunded in part or in full.',
  ],
  ['ecommerce_order_cancelled', 'COMMERCE', 'commerce.setOrderStatus', 'An ecommerce order was cancelled.'],
  ['subscription_created', 'COMMERCE', 'commerce.recordSubscription', 'A subscription was created.'],
  ['subscription_renewed', 'COMMERCE', 'commerce.recordOrder', 'A subscription renewed into a new order.'],
  ['subscription_paused', 'COMMERCE', 'commerce.setSubscriptionStatus', 'A subscription was paused.'],
  ['subscription_resumed', 'COMMERCE', 'commerce.setSubscriptionStatus', 'A subscription was resumed.'],
  ['subscription_cancelled', 'COMMERCE', 'commerce.setSubscriptionStatus', 'A subscription was cancelled.'],
  [
    'subscription_renewal_failed',
    'COMMERCE',
    'commerce.recordRenewalFailure',
    'A renewal payment of a subscription failed.',
  ],
  ['patient_enrolled', 'PATIENT', 'commerce.recordPatient', 'A patient was enrolled.'],
  ['patient_updated', 'PATIENT', 'commerce.recordPatient', 'A patient record changed.'],
  ['patient_consent_changed', 'PATIENT', 'commerce.recordPatient', "A patient's marketing consent changed."],
  [
    'patient_external_id_linked',
    'PATIENT',
    'commerce.recordPatient',
    'An external identifier was linked to a patient.',
  ],
  ['internal_patient_merged', 'INTERNAL', 'internal', 'Two patient records were merged (internal only).'],
  ['internal_audit_recorded', 'INTERNAL', 'internal', 'An audit entry was written (internal only).'],
] as const satisfies readonly Row[];

/** The event types without a row: a missing one fails to compile on the next line, named in the error. */
type MissingRow = Exclude<EventType, (typeof rows)[number][0]>;
const _everyEventHasARow: [MissingRow] extends [never] ? true : MissingRow = true;

const notImplemented = new Set<string>(notYetSubscribable);

/** All 60 events, in dictionary order. */
export const eventDictionary: readonly EventDefinition[] = rows.map(
  ([name, category, emittedBy, description]) => ({
    name,
    category,
    emittedBy,
    description,
    visibility: category === 'INTERNAL' ? 'internal' : 'public',
    implemented: !notImplemented.has(name),
  }),
);

const byName = new Map<string, EventDefinition>(eventDictionary.map((event) => [event.name, event]));

/** The definition of one event, or undefined for an unknown name. */
export function eventDefinition(name: string): EventDefinition | undefined {
  return byName.get(name);
}

/** True when a webhook may subscribe to the event: public and implemented. */
export function isSubscribable(name: string): boolean {
  const event = byName.get(name);
  return event !== undefined && event.visibility === 'public' && event.implemented;
}
