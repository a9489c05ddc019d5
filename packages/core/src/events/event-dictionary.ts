/**
 * The event dictionary (SPEC 6.1): 60 event types, 58 public and 2 internal. One public event,
 * `pharmacy_rejected_prescription`, is defined but not implemented, so 57 can be subscribed to.
 */

/** Payload categories of SPEC 6.2. There is no SUBSCRIPTION or CHANNEL category. */
export type EventCategory =
  | 'ORDER'
  | 'PRESCRIPTION'
  | 'SHIPPING'
  | 'PHARMACY'
  | 'PAYMENT'
  | 'LAB'
  | 'SUPPORT'
  | 'JOURNEY'
  | 'COMMERCE'
  | 'PATIENT'
  | 'INTERNAL';

/** One entry of the dictionary as `GET /webhooks/actions/getDictionary` serves it. */
export interface EventDefinition {
  readonly name: string;
  readonly category: EventCategory;
  readonly description: string;
  /** The `service.commerce.*` operation that emits it. */
  readonly emittedBy: string;
  /** Internal events are never delivered to affiliate webhooks. */
  readonly visibility: 'public' | 'internal';
  /** False only for events defined ahead of their implementation; those cannot be subscribed to. */
  readonly implemented: boolean;
}

type Row = readonly [name: string, category: EventCategory, emittedBy: string, description: string];

const rows: readonly Row[] = [
  [
    'order_created',
    'ORDER',
    'commerce.recordOrder',
    'A clinical order was created for a journey or an ecommerce order.',
  ],
  ['order_updated', 'ORDER', 'commerce.updateOrder', 'Allowlisted fields of an order changed.'],
  ['order_status_changed', 'ORDER', 'commerce.setOrderStatus', 'The order moved to another status.'],
  ['order_cancelled', 'ORDER', 'commerce.setOrderStatus', 'The order was cancelled.'],
  ['order_completed', 'ORDER', 'commerce.setOrderStatus', 'The order was completed.'],
  [
    'order_case_status_changed',
    'ORDER',
    'commerce.setOrderCaseStatus',
    "The order's case moved to another status.",
  ],
  [
    'order_message_received',
    'ORDER',
    'commerce.recordOrderMessage',
    'A message was added to the order conversation.',
  ],
  ['order_visit_scheduled', 'ORDER', 'commerce.recordOrderVisit', 'A visit was scheduled for the order.'],
  ['order_visit_completed', 'ORDER', 'commerce.recordOrderVisit', 'A visit of the order was completed.'],
  ['order_asset_unlocked', 'ORDER', 'commerce.unlockOrderAsset', 'An order asset became available.'],
  [
    'order_titration_changed',
    'ORDER',
    'commerce.recordTitration',
    'The titration of the order changed direction or configuration.',
  ],
  ['order_reminder_sent', 'ORDER', 'commerce.recordOrderReminder', 'A reminder was sent for the order.'],
  [
    'order_questionnaire_completed',
    'ORDER',
    'commerce.recordQuestionnaire',
    'A questionnaire of the order was completed.',
  ],
  [
    'order_product_changed',
    'ORDER',
    'commerce.changeOrderProducts',
    'The product variations of the order changed.',
  ],
  ['prescription_created', 'PRESCRIPTION', 'commerce.recordPrescription', 'A prescription was created.'],
  ['prescription_approved', 'PRESCRIPTION', 'commerce.setPrescriptionStatus', 'A prescription was approved.'],
  ['prescription_denied', 'PRESCRIPTION', 'commerce.setPrescriptionStatus', 'A prescription was denied.'],
  [
    'prescription_sent_to_pharmacy',
    'PRESCRIPTION',
    'commerce.setPrescriptionStatus',
    'A prescription was sent to a pharmacy.',
  ],
  [
    'prescription_renewal_requested',
    'PRESCRIPTION',
    'commerce.requestPrescriptionRenewal',
    'A renewal of a prescription was requested.',
  ],
  [
    'pharmacy_received_prescription',
    'PHARMACY',
    'commerce.setPharmacyStatus',
    'The pharmacy received the prescription.',
  ],
  [
    'pharmacy_filled_prescription',
    'PHARMACY',
    'commerce.setPharmacyStatus',
    'The pharmacy filled the prescription.',
  ],
  [
    'pharmacy_status_changed',
    'PHARMACY',
    'commerce.setPharmacyStatus',
    'The pharmacy status of a prescription changed.',
  ],
  [
    'pharmacy_rejected_prescription',
    'PHARMACY',
    'commerce.setPharmacyStatus',
    'The pharmacy rejected the prescription (defined, not yet implemented).',
  ],
  ['shipment_created', 'SHIPPING', 'commerce.recordShipment', 'A shipment was created.'],
  ['shipment_in_transit', 'SHIPPING', 'commerce.setShipmentStatus', 'The shipment is in transit.'],
  ['shipment_delivered', 'SHIPPING', 'commerce.setShipmentStatus', 'The shipment was delivered.'],
  [
    'shipment_exception',
    'SHIPPING',
    'commerce.setShipmentStatus',
    'The carrier reported a problem with the shipment.',
  ],
  ['payment_succeeded', 'PAYMENT', 'commerce.recordPayment', 'A payment succeeded.'],
  ['payment_failed', 'PAYMENT', 'commerce.recordPayment', 'A payment failed.'],
  ['payment_refunded', 'PAYMENT', 'commerce.recordRefund', 'A payment was refunded.'],
  ['consultation_payment_succeeded', 'PAYMENT', 'commerce.recordPayment', 'A consultation fee was paid.'],
  ['lab_order_created', 'LAB', 'commerce.recordLabOrder', 'A lab order was created.'],
  ['lab_order_status_changed', 'LAB', 'commerce.setLabOrderStatus', 'The lab order moved to another status.'],
  ['lab_results_received', 'LAB', 'commerce.recordLabResults', 'The lab reported results.'],
  ['lab_results_interpreted', 'LAB', 'commerce.recordLabInterpretation', 'The lab results were interpreted.'],
  ['support_case_created', 'SUPPORT', 'commerce.recordSupportCase', 'A support case was created.'],
  [
    'support_case_status_changed',
    'SUPPORT',
    'commerce.setSupportCaseStatus',
    'A support case moved to another status.',
  ],
  [
    'support_case_replied',
    'SUPPORT',
    'commerce.recordSupportCaseReply',
    'A reply was added to a support case.',
  ],
  ['journey_started', 'JOURNEY', 'commerce.startJourney', 'A visitor started a journey.'],
  [
    'journey_contact_captured',
    'JOURNEY',
    'commerce.captureJourneyContact',
    "The journey captured the visitor's contact (the contact details themselves are never delivered in v2).",
  ],
  ['journey_checkout_started', 'JOURNEY', 'commerce.startJourneyCheckout', 'The journey reached checkout.'],
  ['journey_completed', 'JOURNEY', 'commerce.completeJourney', 'The journey was completed.'],
  ['journey_abandoned', 'JOURNEY', 'commerce.abandonJourney', 'The journey was abandoned.'],
  [
    'custom_intake_form_completed',
    'JOURNEY',
    'commerce.completeIntakeForm',
    'A custom intake form of a journey was completed.',
  ],
  ['ecommerce_order_created', 'COMMERCE', 'commerce.recordEcommerceOrder', 'An ecommerce order was created.'],
  ['ecommerce_order_paid', 'COMMERCE', 'commerce.setEcommerceOrderStatus', 'An ecommerce order was paid.'],
  [
    'ecommerce_order_refunded',
    'COMMERCE',
    'commerce.recordRefund',
    'An ecommerce order was refunded in part or in full.',
  ],
  [
    'ecommerce_order_cancelled',
    'COMMERCE',
    'commerce.setEcommerceOrderStatus',
    'An ecommerce order was cancelled.',
  ],
  ['subscription_created', 'COMMERCE', 'commerce.recordSubscription', 'A subscription was created.'],
  [
    'subscription_renewed',
    'COMMERCE',
    'commerce.renewSubscription',
    'A subscription renewed into a new order.',
  ],
  ['subscription_paused', 'COMMERCE', 'commerce.setSubscriptionStatus', 'A subscription was paused.'],
  ['subscription_resumed', 'COMMERCE', 'commerce.setSubscriptionStatus', 'A subscription was resumed.'],
  ['subscription_cancelled', 'COMMERCE', 'commerce.setSubscriptionStatus', 'A subscription was cancelled.'],
  [
    'subscription_renewal_failed',
    'COMMERCE',
    'commerce.renewSubscription',
    'A renewal payment of a subscription failed.',
  ],
  ['patient_enrolled', 'PATIENT', 'commerce.recordPatient', 'A patient was enrolled.'],
  ['patient_updated', 'PATIENT', 'commerce.updatePatient', 'A patient record changed.'],
  [
    'patient_consent_changed',
    'PATIENT',
    'commerce.setPatientConsent',
    "A patient's marketing consent changed.",
  ],
  [
    'patient_external_id_linked',
    'PATIENT',
    'commerce.linkPatientExternalId',
    'An external identifier was linked to a patient.',
  ],
  [
    'internal_patient_merged',
    'INTERNAL',
    'commerce.mergePatients',
    'Two patient records were merged (internal only).',
  ],
  [
    'internal_audit_recorded',
    'INTERNAL',
    'commerce.recordAudit',
    'An audit entry was written (internal only).',
  ],
];

const notImplemented = new Set(['pharmacy_rejected_prescription']);

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

const byName = new Map(eventDictionary.map((event) => [event.name, event]));

/** The definition of one event, or undefined for an unknown name. @example eventDefinition('order_created')?.category */
export function eventDefinition(name: string): EventDefinition | undefined {
  return byName.get(name);
}

/** True when a webhook may subscribe to the event: public and implemented. @example isSubscribable('journey_completed') */
export function isSubscribable(name: string): boolean {
  const event = byName.get(name);
  return event !== undefined && event.visibility === 'public' && event.implemented;
}
