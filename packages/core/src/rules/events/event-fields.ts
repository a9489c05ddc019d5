/**
 * The fields each public event type carries (docs/api.md §6.2), as its host call or route emits
 * it: a subset of its category's allowlist. Examples are built from these lists and the portal's
 * catalog shows them, so `journey_started` never shows `completed_at`.
 */
import { type AllowlistedField, categoryAllowlists } from './allowlists';
import { type EventType, eventDefinition } from './event-dictionary';

type PublicEventType = Exclude<EventType, `internal_${string}`>;

/** ORDER fields only an order activity carries, never the clinical order itself. */
const activityOnly = [
  'patient_conversation_id',
  'channel_type',
  'message_type',
  'visit_type',
  'visit_id',
  'order_asset_id',
  'unlocked_at',
  'asset_link',
  'titration_config_id',
  'titration_direction',
  'config_name',
  'reminder_type',
  'order_link',
  'questionnaire_id',
] as const satisfies readonly AllowlistedField[];

const without = (fields: readonly AllowlistedField[], ...left: readonly AllowlistedField[]) =>
  fields.filter((field) => !left.includes(field));

/**
 * `commerce.recordClinicalOrder`: the order's id, status and links with the fields the host
 * reports on the order; a status change adds `status_transition`.
 */
const clinicalOrder = without(categoryAllowlists.ORDER, ...activityOnly, 'status_transition');
const statusChange: readonly AllowlistedField[] = [...clinicalOrder, 'status_transition'];

/** `commerce.recordOrderActivity`: the order's id, status, case and links, then the activity's own fields. */
const activity = (...own: readonly AllowlistedField[]): readonly AllowlistedField[] => [
  'order_id',
  'order_status',
  'ecommerce_order_id',
  'journey_id',
  'case_id',
  'case_status',
  ...own,
  'attribution',
];

/** A journey's event (`POST /journeys`, `commerce.setJourneyStatus`): the journey, its template and its order once one exists. */
const journey = (...own: readonly AllowlistedField[]): readonly AllowlistedField[] => [
  'journey_id',
  'template_id',
  'template_display_name',
  'journey_type',
  'ecommerce_order_id',
  'started_at',
  ...own,
  'had_cart',
  'total_value_cents',
  'currency',
  'products',
  'product_variation_ids',
  'commerce_status',
  'attribution',
];

/** An ecommerce order's event (`commerce.recordOrder`, `commerce.setOrderStatus`). */
const ecommerceOrder: readonly AllowlistedField[] = [
  'ecommerce_order_id',
  'journey_id',
  'subscription_id',
  'commerce_status',
  'total_value_cents',
  'currency',
  'product_variation_ids',
  'first_purchase',
  'cycle_number',
  'attribution',
];

/** A subscription's event (`commerce.recordSubscription`, `commerce.setSubscriptionStatus`). */
const subscription: readonly AllowlistedField[] = [
  'subscription_id',
  'subscription_status',
  'ecommerce_order_id',
  'plan_type',
  'journey_id',
  'attribution',
];

const { PRESCRIPTION, PHARMACY, SHIPPING, PAYMENT, LAB, SUPPORT } = categoryAllowlists;

/**
 * The fields each public event type carries, in allowlist order. Records the host reports whole
 * (prescriptions, pharmacy, shipments, payments, lab orders) carry their category's fields on
 * every event; journeys, ecommerce orders, subscriptions and cases carry what core sets.
 */
const lists: Readonly<Record<PublicEventType, readonly AllowlistedField[]>> = {
  order_created: clinicalOrder,
  order_updated: clinicalOrder,
  order_status_changed: statusChange,
  order_cancelled: statusChange,
  order_completed: statusChange,
  order_case_status_changed: clinicalOrder,
  order_product_changed: clinicalOrder,
  order_message_received: activity('patient_conversation_id', 'channel_type', 'message_type'),
  order_visit_scheduled: activity('visit_id', 'visit_type', 'video_requested'),
  order_visit_completed: activity('visit_id', 'visit_type', 'video_requested'),
  order_asset_unlocked: activity('order_asset_id', 'unlocked_at', 'asset_link'),
  order_titration_changed: activity('titration_config_id', 'titration_direction', 'config_name'),
  order_reminder_sent: activity('reminder_type', 'order_link'),
  order_questionnaire_completed: activity('questionnaire_id'),
  prescription_created: PRESCRIPTION,
  prescription_approved: PRESCRIPTION,
  prescription_denied: PRESCRIPTION,
  prescription_sent_to_pharmacy: PRESCRIPTION,
  prescription_renewal_requested: PRESCRIPTION,
  pharmacy_received_prescription: PHARMACY,
  pharmacy_filled_prescription: PHARMACY,
  pharmacy_status_changed: PHARMACY,
  pharmacy_rejected_prescription: PHARMACY,
  shipment_created: SHIPPING,
  shipment_in_transit: SHIPPING,
  shipment_delivered: SHIPPING,
  shipment_exception: SHIPPING,
  payment_succeeded: PAYMENT,
  payment_failed: PAYMENT,
  payment_refunded: PAYMENT,
  consultation_payment_succeeded: PAYMENT,
  lab_order_created: LAB,
  lab_order_status_changed: LAB,
  lab_results_received: LAB,
  lab_results_interpreted: LAB,
  support_case_created: SUPPORT,
  support_case_status_changed: SUPPORT,
  support_case_replied: SUPPORT,
  journey_started: journey('first_purchase'),
  // docs/api.md §6.4: contact capture never carries first_purchase.
  journey_contact_captured: journey(),
  journey_checkout_started: journey('first_purchase'),
  journey_completed: journey('completed_at', 'first_purchase'),
  journey_abandoned: journey(
    'abandoned_at',
    'first_purchase',
    'recovery_url',
    'recovery_url_expires_at',
    'recovery_status',
    'recovery_missing_details',
  ),
  custom_intake_form_completed: [
    'journey_id',
    'template_id',
    'template_display_name',
    'journey_type',
    'ecommerce_order_id',
    'started_at',
    'intake_form_id',
    'intake_form_instance_id',
    'attribution',
  ],
  ecommerce_order_created: ecommerceOrder,
  ecommerce_order_paid: ecommerceOrder,
  ecommerce_order_refunded: [...ecommerceOrder, 'refund_amount_cents', 'refund_type'],
  ecommerce_order_cancelled: ecommerceOrder,
  subscription_renewed: ecommerceOrder,
  subscription_created: subscription,
  subscription_paused: subscription,
  subscription_resumed: subscription,
  subscription_cancelled: subscription,
  subscription_renewal_failed: [
    ...subscription,
    'cycle_number',
    'payment_status',
    'first_purchase',
    'total_value_cents',
    'currency',
  ],
  patient_enrolled: [],
  patient_updated: [],
  patient_consent_changed: [],
  patient_external_id_linked: [],
};

/** Each list in its category's allowlist order, so every view of an event lists fields alike. */
function inAllowlistOrder(name: string, fields: readonly AllowlistedField[]): readonly AllowlistedField[] {
  const category = eventDefinition(name)?.category ?? 'INTERNAL';
  return categoryAllowlists[category].filter((field) => fields.includes(field));
}

/**
 * The allowlisted fields each public event type carries in a v2 payload (docs/api.md §6.2),
 * besides the envelope and the identity block: a subset of its category's allowlist, in
 * allowlist order. A field may still be left out of one payload when its value is absent, and a
 * host's extra raw field of the category passes the allowlist too.
 *
 * @example
 * eventFields.journey_started.includes('completed_at') // false
 */
export const eventFields: Readonly<
  Record<Exclude<EventType, `internal_${string}`>, readonly AllowlistedField[]>
> = Object.fromEntries(
  Object.entries(lists).map(([name, fields]) => [name, inAllowlistOrder(name, fields)]),
) as Record<PublicEventType, readonly AllowlistedField[]>;

/** The fields {@link eventFields} lists for `name`; empty for an internal or unknown event. */
export function fieldsOfEvent(name: string): readonly AllowlistedField[] {
  return Object.hasOwn(eventFields, name) ? eventFields[name as PublicEventType] : [];
}
