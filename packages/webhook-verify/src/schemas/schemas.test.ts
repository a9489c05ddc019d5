import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Attribution } from '../events/attribution';
import { type WebhookEventType, webhookEventCategories } from '../events/event-types';
import type {
  CommerceFields,
  JourneyFields,
  LabFields,
  OrderFields,
  PaymentFields,
  PharmacyFields,
  PrescriptionFields,
  ShippingFields,
  SupportFields,
} from '../events/fields';
import type { WebhookEvent } from '../events/types';
import { signWebhook, verifyWebhook } from '../index';
import {
  attributionSchema,
  categoryFieldSchemas,
  type commerceFieldsSchema,
  envelopeSchema,
  type journeyFieldsSchema,
  type labFieldsSchema,
  type orderFieldsSchema,
  type paymentFieldsSchema,
  type pharmacyFieldsSchema,
  type prescriptionFieldsSchema,
  type shippingFieldsSchema,
  type supportFieldsSchema,
  webhookEventSchema,
  webhookEventSchemas,
} from './index';

/** docs/api.md §6.2, copied as written. */
const spec62: Record<string, string> = {
  ORDER:
    'order_id · order_status · case_status · case_id · ecommerce_order_id · journey_id · commerce_status · product_variation_ids · subscription_status · total_value_cents · currency · order_tag · patient_conversation_id · channel_type · visit_type · visit_id · external_case_identifier · external_case_status · order_asset_id · unlocked_at · order_external_identifier · asset_link · titration_config_id · titration_direction · config_name · status_transition · questionnaire_id · location_id · previous_product_variation_id · current_product_variation_ids · future_product_variation_ids · current_pv_count · future_pv_count · future_prescriptions_to_create · video_requested · reason · message_type · order_link · reminder_type · attribution · first_purchase · plan_type',
  PRESCRIPTION:
    'prescription_id · prescription_status · pharmacy_id · order_id · commerce_status · product_variation_ids · visit_id · video_requested · reason · journey_id · attribution · instructions',
  SHIPPING:
    'order_id · prescription_id · shipment_status · commerce_status · tracking_number · tracking_url · shipping_carrier · journey_id · attribution',
  PHARMACY:
    'prescription_id · pharmacy_id · pharmacy_status · order_id · commerce_status · reason · journey_id · attribution',
  PAYMENT:
    'order_id · total_value_cents · currency · payment_status · consultation_id · journey_id · attribution',
  LAB: 'lab_order_id · lab_order_status · order_id · commerce_status · interpretation · lab_name · external_order_id · provider_order_status · reported_at · provider_event_type · latest_provider_event_status · journey_id · attribution',
  SUPPORT:
    'support_case_id · support_case_status · support_case_name · support_case_category · order_id · external_case_identifier · external_case_status · external_case_url',
  JOURNEY:
    'journey_id · template_id · template_display_name · journey_type · ecommerce_order_id · started_at · completed_at · abandoned_at · total_value_cents · currency · products · coupon_code · recovery_url · recovery_url_expires_at · recovery_status · recovery_missing_details · had_cart · commerce_status · product_variation_ids · subscription_status · attribution · first_purchase · plan_type · intake_form_id · intake_form_instance_id · intake_form_instance_ids',
  COMMERCE:
    'ecommerce_order_id · subscription_id · subscription_status · commerce_status · total_value_cents · currency · payment_status · product_variation_ids · journey_id · order_id · refund_amount_cents · refund_type · attribution · first_purchase · plan_type · cycle_number',
  PATIENT: '',
};

const attribution: Attribution = {
  first: {
    captured_at: '2026-01-01T00:00:00Z',
    landing_url: 'https://shop.example/start',
    params: { gclid: 'g' },
  },
  last: {
    captured_at: '2026-01-02T00:00:00Z',
    referrer_url: 'https://search.example/',
    params: { fbclid: 'f' },
  },
  touch_count: 2,
  visitor_id: 'vis_1',
};

/** A value of the right type for any allowlisted field, by its name. */
function sample(field: string): unknown {
  if (field === 'attribution') return attribution;
  if (field === 'products')
    return [{ product_variation_id: 'pv_1', quantity: 1, unit_price_cents: 990, is_addon: false }];
  if (/_ids$/.test(field)) return ['a', 'b'];
  if (/(_cents|_count|cycle_number)$/.test(field)) return 3;
  if (/^(video_requested|first_purchase|had_cart)$/.test(field)) return false;
  if (
    /^(status_transition|interpretation|recovery_missing_details|future_prescriptions_to_create)$/.test(field)
  ) {
    return { any: ['json', 1, null] };
  }
  return `${field}-value`;
}

function envelope(name: string, fields: Record<string, unknown> = {}) {
  return {
    event_type: name,
    event_id: `evt_${name}`,
    api_version: '2026-08-17',
    timestamp: '2026-01-01T00:00:00.000Z',
    timestamp_epoch: 1_767_225_600,
    affiliate_id: 'aff_1',
    patient_marketing_consent: false,
    is_returning_patient: false,
    ...fields,
  };
}

const names = Object.keys(webhookEventCategories) as WebhookEventType[];

describe('6.2 category allowlists', () => {
  it('each category schema has exactly the docs/api.md §6.2 fields', () => {
    for (const [category, fields] of Object.entries(spec62)) {
      const shape = categoryFieldSchemas[category as keyof typeof categoryFieldSchemas].shape;
      expect(Object.keys(shape).sort(), category).toEqual(fields ? fields.split(' · ').sort() : []);
    }
  });

  it('the zod field types are the TypeScript field types', () => {
    expectTypeOf<z.infer<typeof orderFieldsSchema>>().toEqualTypeOf<OrderFields>();
    expectTypeOf<z.infer<typeof prescriptionFieldsSchema>>().toEqualTypeOf<PrescriptionFields>();
    expectTypeOf<z.infer<typeof shippingFieldsSchema>>().toEqualTypeOf<ShippingFields>();
    expectTypeOf<z.infer<typeof pharmacyFieldsSchema>>().toEqualTypeOf<PharmacyFields>();
    expectTypeOf<z.infer<typeof paymentFieldsSchema>>().toEqualTypeOf<PaymentFields>();
    expectTypeOf<z.infer<typeof labFieldsSchema>>().toEqualTypeOf<LabFields>();
    expectTypeOf<z.infer<typeof supportFieldsSchema>>().toEqualTypeOf<SupportFields>();
    expectTypeOf<z.infer<typeof journeyFieldsSchema>>().toEqualTypeOf<JourneyFields>();
    expectTypeOf<z.infer<typeof commerceFieldsSchema>>().toEqualTypeOf<CommerceFields>();
  });
});

describe('2.7, 6.2, 6.3 every public event', () => {
  it.each(names)('%s: the bare envelope and identity block parse', (name) => {
    const payload = envelope(name, name === 'subscription_renewed' ? { first_purchase: false } : {});
    expect(webhookEventSchema.parse(payload)).toEqual(payload);
    expect(webhookEventSchemas[name].parse(payload)).toEqual(payload);
  });

  it.each(names)('%s: every allowlisted field of its category parses', (name) => {
    const fields = spec62[webhookEventCategories[name]]!.split(' · ').filter(Boolean);
    const values = Object.fromEntries(fields.map((field) => [field, sample(field)]));
    if (name === 'subscription_renewed') values.first_purchase = false;
    if (name === 'journey_contact_captured') delete values.first_purchase;
    const payload = envelope(name, { ...values, patient_id: 'pat_1', patient_external_id: 'ext_1' });
    expect(webhookEventSchema.parse(payload)).toEqual(payload);
  });
});

describe('schema refusals', () => {
  it.each([
    ['an unknown event type', envelope('order_exploded')],
    ['an internal event', envelope('internal_audit_recorded')],
    ['a missing event_id', { ...envelope('order_created'), event_id: undefined }],
    ['a timestamp that is not ISO 8601', envelope('order_created', { timestamp: 'yesterday' })],
    [
      'patient_marketing_consent missing (6.3: always present)',
      { ...envelope('order_created'), patient_marketing_consent: undefined },
    ],
    ['patient_id null (6.3: omitted, never null)', envelope('order_created', { patient_id: null })],
    ['attribution null (2.8: omitted, never null)', envelope('order_created', { attribution: null })],
    [
      'a params value that is not a string',
      envelope('order_created', { attribution: { last: { captured_at: 'x', params: { gclid: 1 } } } }),
    ],
    ['money that is not integer cents', envelope('payment_succeeded', { total_value_cents: 12.5 })],
    [
      'subscription_renewed with first_purchase true (6.4)',
      envelope('subscription_renewed', { first_purchase: true }),
    ],
    ['subscription_renewed without first_purchase (6.4: always sent)', envelope('subscription_renewed')],
    [
      'a product line item without its price',
      envelope('journey_completed', {
        products: [{ product_variation_id: 'p', quantity: 1, is_addon: false }],
      }),
    ],
  ])('refuses %s', (_, payload) => {
    expect(webhookEventSchema.safeParse(payload).success).toBe(false);
  });

  it('keeps fields it does not know (docs/api.md §9.2: fields are additive within a version)', () => {
    const payload = envelope('order_created', { brand_new_field: 1 });
    expect(webhookEventSchema.parse(payload)).toEqual(payload);
  });

  it('surfaces the example marker of sendExample; a non-boolean marker is refused', () => {
    const example = envelope('order_created', { event_id: 'evt_example_1', example: true });
    expect(webhookEventSchema.parse(example).example).toBe(true);
    expect(webhookEventSchema.parse(envelope('order_created')).example).toBeUndefined();
    expect(webhookEventSchema.safeParse(envelope('order_created', { example: 'yes' })).success).toBe(false);
  });

  it('takes null for a category field, where docs/api.md §6.2 sets no rule', () => {
    const payload = envelope('order_created', { order_status: null, product_variation_ids: null });
    expect(webhookEventSchema.parse(payload)).toEqual(payload);
  });

  it('envelopeSchema and attributionSchema stand alone', () => {
    expect(envelopeSchema.parse(envelope('journey_started')).event_type).toBe('journey_started');
    expect(attributionSchema.parse(attribution)).toEqual(attribution);
    expect(attributionSchema.safeParse({ touch_count: -1 }).success).toBe(false);
  });
});

describe('verifyWebhook with the schema', () => {
  it('returns a validated, typed event; a signed but invalid payload is INVALID_PAYLOAD', () => {
    const secret = 'whsec_schema';
    const good = JSON.stringify(
      envelope('ecommerce_order_paid', { total_value_cents: 1200, currency: 'USD' }),
    );
    const event = verifyWebhook({
      payload: good,
      signature: signWebhook({ payload: good, secret }),
      secret,
      schema: webhookEventSchema,
    });
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    expect(event.event_type).toBe('ecommerce_order_paid');
    const bad = JSON.stringify(envelope('ecommerce_order_paid', { total_value_cents: '1200' }));
    expect(() =>
      verifyWebhook({
        payload: bad,
        signature: signWebhook({ payload: bad, secret }),
        secret,
        schema: webhookEventSchema,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PAYLOAD' }));
  });
});

describe('the main entry stays small', () => {
  it.each(['../index.ts', '../browser.ts'])('%s does not import zod', async (entry) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
    expect(Object.keys(result.metafile.inputs).filter((input) => input.includes('zod'))).toEqual([]);
  });
});
