import type { Attribution } from './attribution';

/**
 * Fields of each payload category (docs/api.md §6.2). Only allowlisted fields pass, and each is present
 * only when the event has it, so every one is optional. docs/api.md §6.2 sets no null rule for category
 * fields (it does for attribution and the identity block), so they are typed as possibly null.
 * Types docs/api.md §6.2 does not give field by field are documented in docs/decisions/webhook-verify.md.
 */

/** A JSON value, for the few fields whose shape docs/api.md §6.2 leaves open. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A product line item of docs/api.md §2.7; money in integer cents. */
export interface ProductLineItem {
  product_variation_id: string;
  quantity: number;
  unit_price_cents: number;
  is_addon: boolean;
}

/** ORDER category fields. */
export interface OrderFields {
  order_id?: string | null;
  order_status?: string | null;
  case_status?: string | null;
  case_id?: string | null;
  ecommerce_order_id?: string | null;
  journey_id?: string | null;
  commerce_status?: string | null;
  product_variation_ids?: string[] | null;
  subscription_status?: string | null;
  total_value_cents?: number | null;
  currency?: string | null;
  order_tag?: string | null;
  patient_conversation_id?: string | null;
  channel_type?: string | null;
  visit_type?: string | null;
  visit_id?: string | null;
  external_case_identifier?: string | null;
  external_case_status?: string | null;
  order_asset_id?: string | null;
  unlocked_at?: string | null;
  order_external_identifier?: string | null;
  asset_link?: string | null;
  titration_config_id?: string | null;
  titration_direction?: string | null;
  config_name?: string | null;
  status_transition?: JsonValue;
  questionnaire_id?: string | null;
  location_id?: string | null;
  previous_product_variation_id?: string | null;
  current_product_variation_ids?: string[] | null;
  future_product_variation_ids?: string[] | null;
  current_pv_count?: number | null;
  future_pv_count?: number | null;
  future_prescriptions_to_create?: JsonValue;
  video_requested?: boolean | null;
  reason?: string | null;
  message_type?: string | null;
  order_link?: string | null;
  reminder_type?: string | null;
  attribution?: Attribution;
  first_purchase?: boolean | null;
  plan_type?: string | null;
}

/** PRESCRIPTION category fields. */
export interface PrescriptionFields {
  prescription_id?: string | null;
  prescription_status?: string | null;
  pharmacy_id?: string | null;
  order_id?: string | null;
  commerce_status?: string | null;
  product_variation_ids?: string[] | null;
  visit_id?: string | null;
  video_requested?: boolean | null;
  reason?: string | null;
  journey_id?: string | null;
  attribution?: Attribution;
  instructions?: string | null;
}

/** SHIPPING category fields. */
export interface ShippingFields {
  order_id?: string | null;
  prescription_id?: string | null;
  shipment_status?: string | null;
  commerce_status?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
  shipping_carrier?: string | null;
  journey_id?: string | null;
  attribution?: Attribution;
}

/** PHARMACY category fields. */
export interface PharmacyFields {
  prescription_id?: string | null;
  pharmacy_id?: string | null;
  pharmacy_status?: string | null;
  order_id?: string | null;
  commerce_status?: string | null;
  reason?: string | null;
  journey_id?: string | null;
  attribution?: Attribution;
}

/** PAYMENT category fields. */
export interface PaymentFields {
  order_id?: string | null;
  total_value_cents?: number | null;
  currency?: string | null;
  payment_status?: string | null;
  consultation_id?: string | null;
  journey_id?: string | null;
  attribution?: Attribution;
}

/** LAB category fields. */
export interface LabFields {
  lab_order_id?: string | null;
  lab_order_status?: string | null;
  order_id?: string | null;
  commerce_status?: string | null;
  interpretation?: JsonValue;
  lab_name?: string | null;
  external_order_id?: string | null;
  provider_order_status?: string | null;
  reported_at?: string | null;
  provider_event_type?: string | null;
  latest_provider_event_status?: string | null;
  journey_id?: string | null;
  attribution?: Attribution;
}

/** SUPPORT category fields (no attribution, docs/api.md §6.5). */
export interface SupportFields {
  support_case_id?: string | null;
  support_case_status?: string | null;
  support_case_name?: string | null;
  support_case_category?: string | null;
  order_id?: string | null;
  external_case_identifier?: string | null;
  external_case_status?: string | null;
  external_case_url?: string | null;
}

/** JOURNEY category fields. */
export interface JourneyFields {
  journey_id?: string | null;
  template_id?: string | null;
  template_display_name?: string | null;
  journey_type?: string | null;
  /** Present once an order exists: the join key of journey events (docs/api.md §6.5). */
  ecommerce_order_id?: string | null;
  started_at?: string | null;
  completed_at?: string | null;
  abandoned_at?: string | null;
  total_value_cents?: number | null;
  currency?: string | null;
  products?: ProductLineItem[] | null;
  coupon_code?: string | null;
  recovery_url?: string | null;
  recovery_url_expires_at?: string | null;
  recovery_status?: string | null;
  recovery_missing_details?: JsonValue;
  had_cart?: boolean | null;
  commerce_status?: string | null;
  product_variation_ids?: string[] | null;
  subscription_status?: string | null;
  attribution?: Attribution;
  first_purchase?: boolean | null;
  plan_type?: string | null;
  intake_form_id?: string | null;
  intake_form_instance_id?: string | null;
  intake_form_instance_ids?: string[] | null;
}

/** COMMERCE category fields (subscriptions live here: there is no SUBSCRIPTION category). */
export interface CommerceFields {
  ecommerce_order_id?: string | null;
  subscription_id?: string | null;
  subscription_status?: string | null;
  commerce_status?: string | null;
  total_value_cents?: number | null;
  currency?: string | null;
  payment_status?: string | null;
  product_variation_ids?: string[] | null;
  journey_id?: string | null;
  order_id?: string | null;
  refund_amount_cents?: number | null;
  refund_type?: string | null;
  attribution?: Attribution;
  first_purchase?: boolean | null;
  plan_type?: string | null;
  cycle_number?: number | null;
}

/** PATIENT events carry nothing beyond the envelope and the identity block (docs/api.md §6.2, §6.4). */
export type PatientFields = {};

/** The fields of each category, by category name. */
export interface CategoryFields {
  ORDER: OrderFields;
  PRESCRIPTION: PrescriptionFields;
  SHIPPING: ShippingFields;
  PHARMACY: PharmacyFields;
  PAYMENT: PaymentFields;
  LAB: LabFields;
  SUPPORT: SupportFields;
  JOURNEY: JourneyFields;
  COMMERCE: CommerceFields;
  PATIENT: PatientFields;
}
