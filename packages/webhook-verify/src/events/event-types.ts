/**
 * The public event list (docs/api.md §6.1): 58 event types with their payload category (§6.2), the one
 * definition of them. `@affiliate-commerce/core` types its event dictionary by this list, so a name
 * or category that differs fails to compile there; the two internal events are never delivered,
 * so they are defined in core alone. Exported as `@affiliate-commerce/webhook-verify/events`, with
 * no dependency, and from `/schemas`.
 *
 * @packageDocumentation
 * @module events
 */

/** Payload categories of docs/api.md §6.2 that reach affiliates (INTERNAL events are never delivered). */
export type WebhookEventCategory =
  | 'ORDER'
  | 'PRESCRIPTION'
  | 'SHIPPING'
  | 'PHARMACY'
  | 'PAYMENT'
  | 'LAB'
  | 'SUPPORT'
  | 'JOURNEY'
  | 'COMMERCE'
  | 'PATIENT';

/**
 * Every public event type and its category, in dictionary order.
 *
 * @example
 * webhookEventCategories.subscription_renewed; // 'COMMERCE'
 */
export const webhookEventCategories = {
  order_created: 'ORDER',
  order_updated: 'ORDER',
  order_status_changed: 'ORDER',
  order_cancelled: 'ORDER',
  order_completed: 'ORDER',
  order_case_status_changed: 'ORDER',
  order_message_received: 'ORDER',
  order_visit_scheduled: 'ORDER',
  order_visit_completed: 'ORDER',
  order_asset_unlocked: 'ORDER',
  order_titration_changed: 'ORDER',
  order_reminder_sent: 'ORDER',
  order_questionnaire_completed: 'ORDER',
  order_product_changed: 'ORDER',
  prescription_created: 'PRESCRIPTION',
  prescription_approved: 'PRESCRIPTION',
  prescription_denied: 'PRESCRIPTION',
  prescription_sent_to_pharmacy: 'PRESCRIPTION',
  prescription_renewal_requested: 'PRESCRIPTION',
  pharmacy_received_prescription: 'PHARMACY',
  pharmacy_filled_prescription: 'PHARMACY',
  pharmacy_status_changed: 'PHARMACY',
  pharmacy_rejected_prescription: 'PHARMACY',
  shipment_created: 'SHIPPING',
  shipment_in_transit: 'SHIPPING',
  shipment_delivered: 'SHIPPING',
  shipment_exception: 'SHIPPING',
  payment_succeeded: 'PAYMENT',
  payment_failed: 'PAYMENT',
  payment_refunded: 'PAYMENT',
  consultation_payment_succeeded: 'PAYMENT',
  lab_order_created: 'LAB',
  lab_order_status_changed: 'LAB',
  lab_results_received: 'LAB',
  lab_results_interpreted: 'LAB',
  support_case_created: 'SUPPORT',
  support_case_status_changed: 'SUPPORT',
  support_case_replied: 'SUPPORT',
  journey_started: 'JOURNEY',
  journey_contact_captured: 'JOURNEY',
  journey_checkout_started: 'JOURNEY',
  journey_completed: 'JOURNEY',
  journey_abandoned: 'JOURNEY',
  custom_intake_form_completed: 'JOURNEY',
  ecommerce_order_created: 'COMMERCE',
  ecommerce_order_paid: 'COMMERCE',
  ecommerce_order_refunded: 'COMMERCE',
  ecommerce_order_cancelled: 'COMMERCE',
  subscription_created: 'COMMERCE',
  subscription_renewed: 'COMMERCE',
  subscription_paused: 'COMMERCE',
  subscription_resumed: 'COMMERCE',
  subscription_cancelled: 'COMMERCE',
  subscription_renewal_failed: 'COMMERCE',
  patient_enrolled: 'PATIENT',
  patient_updated: 'PATIENT',
  patient_consent_changed: 'PATIENT',
  patient_external_id_linked: 'PATIENT',
} as const satisfies Record<string, WebhookEventCategory>;

/** The name of a public event type, the discriminant of `WebhookEvent`. */
export type WebhookEventType = keyof typeof webhookEventCategories;

/** The category of one event type. */
export type CategoryOf<E extends WebhookEventType> = (typeof webhookEventCategories)[E];

/**
 * Public events that are defined but not implemented, so not yet subscribable (docs/api.md §6.1): the
 * other 57 can be subscribed to and are all emitted.
 *
 * @example
 * notYetSubscribable.includes('pharmacy_rejected_prescription'); // true
 */
export const notYetSubscribable: readonly WebhookEventType[] = ['pharmacy_rejected_prescription'];
