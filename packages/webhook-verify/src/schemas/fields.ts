import { z } from 'zod';
import type { JsonValue, ProductLineItem } from '../events/fields';
import { attributionSchema } from './attribution';

const text = z.string().nullable().optional();
const texts = z.array(z.string()).nullable().optional();
const cents = z.int().nullable().optional();
const count = z.int().nullable().optional();
const flag = z.boolean().nullable().optional();
/** Any JSON value, for the fields whose shape docs/api.md §6.2 leaves open. */
export const jsonValueSchema: z.ZodType<JsonValue> = z.json();
const open = jsonValueSchema.optional();
const attribution = attributionSchema.optional();

/** A product line item of docs/api.md §2.7. @example productLineItemSchema.parse(event.products?.[0]) */
export const productLineItemSchema: z.ZodType<ProductLineItem> = z.object({
  product_variation_id: z.string(),
  quantity: z.int(),
  unit_price_cents: z.int(),
  is_addon: z.boolean(),
});

/** ORDER fields (docs/api.md §6.2). */
export const orderFieldsSchema = z.object({
  order_id: text,
  order_status: text,
  case_status: text,
  case_id: text,
  ecommerce_order_id: text,
  journey_id: text,
  commerce_status: text,
  product_variation_ids: texts,
  subscription_status: text,
  total_value_cents: cents,
  currency: text,
  order_tag: text,
  patient_conversation_id: text,
  channel_type: text,
  visit_type: text,
  visit_id: text,
  external_case_identifier: text,
  external_case_status: text,
  order_asset_id: text,
  unlocked_at: text,
  order_external_identifier: text,
  asset_link: text,
  titration_config_id: text,
  titration_direction: text,
  config_name: text,
  status_transition: open,
  questionnaire_id: text,
  location_id: text,
  previous_product_variation_id: text,
  current_product_variation_ids: texts,
  future_product_variation_ids: texts,
  current_pv_count: count,
  future_pv_count: count,
  future_prescriptions_to_create: open,
  video_requested: flag,
  reason: text,
  message_type: text,
  order_link: text,
  reminder_type: text,
  attribution,
  first_purchase: flag,
  plan_type: text,
});

/** PRESCRIPTION fields (docs/api.md §6.2). */
export const prescriptionFieldsSchema = z.object({
  prescription_id: text,
  prescription_status: text,
  pharmacy_id: text,
  order_id: text,
  commerce_status: text,
  product_variation_ids: texts,
  visit_id: text,
  video_requested: flag,
  reason: text,
  journey_id: text,
  attribution,
  instructions: text,
});

/** SHIPPING fields (docs/api.md §6.2). */
export const shippingFieldsSchema = z.object({
  order_id: text,
  prescription_id: text,
  shipment_status: text,
  commerce_status: text,
  tracking_number: text,
  tracking_url: text,
  shipping_carrier: text,
  journey_id: text,
  attribution,
});

/** PHARMACY fields (docs/api.md §6.2). */
export const pharmacyFieldsSchema = z.object({
  prescription_id: text,
  pharmacy_id: text,
  pharmacy_status: text,
  order_id: text,
  commerce_status: text,
  reason: text,
  journey_id: text,
  attribution,
});

/** PAYMENT fields (docs/api.md §6.2). */
export const paymentFieldsSchema = z.object({
  order_id: text,
  total_value_cents: cents,
  currency: text,
  payment_status: text,
  consultation_id: text,
  journey_id: text,
  attribution,
});

/** LAB fields (docs/api.md §6.2). */
export const labFieldsSchema = z.object({
  lab_order_id: text,
  lab_order_status: text,
  order_id: text,
  commerce_status: text,
  interpretation: open,
  lab_name: text,
  external_order_id: text,
  provider_order_status: text,
  reported_at: text,
  provider_event_type: text,
  latest_provider_event_status: text,
  journey_id: text,
  attribution,
});

/** SUPPORT fields (docs/api.md §6.2); no attribution (§6.5). */
export const supportFieldsSchema = z.object({
  support_case_id: text,
  support_case_status: text,
  support_case_name: text,
  support_case_category: text,
  order_id: text,
  external_case_identifier: text,
  external_case_status: text,
  external_case_url: text,
});

/** JOURNEY fields (docs/api.md §6.2). */
export const journeyFieldsSchema = z.object({
  journey_id: text,
  template_id: text,
  template_display_name: text,
  journey_type: text,
  ecommerce_order_id: text,
  started_at: text,
  completed_at: text,
  abandoned_at: text,
  total_value_cents: cents,
  currency: text,
  products: z.array(productLineItemSchema).nullable().optional(),
  coupon_code: text,
  recovery_url: text,
  recovery_url_expires_at: text,
  recovery_status: text,
  recovery_missing_details: open,
  had_cart: flag,
  commerce_status: text,
  product_variation_ids: texts,
  subscription_status: text,
  attribution,
  first_purchase: flag,
  plan_type: text,
  intake_form_id: text,
  intake_form_instance_id: text,
  intake_form_instance_ids: texts,
});

/** COMMERCE fields (docs/api.md §6.2). */
export const commerceFieldsSchema = z.object({
  ecommerce_order_id: text,
  subscription_id: text,
  subscription_status: text,
  commerce_status: text,
  total_value_cents: cents,
  currency: text,
  payment_status: text,
  product_variation_ids: texts,
  journey_id: text,
  order_id: text,
  refund_amount_cents: cents,
  refund_type: text,
  attribution,
  first_purchase: flag,
  plan_type: text,
  cycle_number: count,
});

/** PATIENT events carry only the identity block (docs/api.md §6.2). */
export const patientFieldsSchema = z.object({});

/**
 * The field schema of each category.
 *
 * @example
 * categoryFieldSchemas.COMMERCE.shape.cycle_number;
 */
export const categoryFieldSchemas = {
  ORDER: orderFieldsSchema,
  PRESCRIPTION: prescriptionFieldsSchema,
  SHIPPING: shippingFieldsSchema,
  PHARMACY: pharmacyFieldsSchema,
  PAYMENT: paymentFieldsSchema,
  LAB: labFieldsSchema,
  SUPPORT: supportFieldsSchema,
  JOURNEY: journeyFieldsSchema,
  COMMERCE: commerceFieldsSchema,
  PATIENT: patientFieldsSchema,
};
