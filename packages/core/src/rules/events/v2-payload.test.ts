import { describe, expect, it } from 'vitest';
import { categoryAllowlists, envelopeFields, fieldTypes, identityFields } from './allowlists';
import { isBlockedKey } from './blocklist';
import { type EventCategory, eventDictionary } from './event-dictionary';
import { apiVersion, buildV1Payload, buildV2Payload, type EventRecord } from './v2-payload';

const attemptAt = new Date('2026-11-23T10:00:00.000Z');

/** docs/api.md §6.2, copied as written: the allowed fields of each category. */
const spec62: Record<EventCategory, string> = {
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
  INTERNAL: '',
};
const specFields = (category: EventCategory) => spec62[category].split(' · ').filter(Boolean);

/** The probe's compound sensitive keys, hidden inside objects on allowlisted paths. */
const compound = {
  patient_email: 'ada@example.com',
  CUSTOMER_EMAIL: 'ada@example.com',
  medication_name: 'levothyroxine',
  DRUG_NAME: 'levothyroxine',
  'diagnosis-code': 'E03.9',
  PROVIDER_NOTES: 'fatigue',
  AuthToken: 'tok_1',
  passwd: 'hunter2',
  homePhone: '+1 555 0100',
};

/** A fully stuffed record: a valid value for every field docs/api.md §6.2 names, plus sensitive and unknown keys. */
const stuffed: Record<string, unknown> = {
  order_id: 'ord_1',
  order_status: 'created',
  case_status: 'open',
  case_id: 'case_1',
  ecommerce_order_id: 'eco_1',
  journey_id: 'jrn_1',
  commerce_status: 'paid',
  product_variation_ids: ['pv_1', 'pv_2'],
  subscription_status: 'active',
  total_value_cents: 12_900,
  currency: 'usd',
  order_tag: 'priority',
  patient_conversation_id: 'conv_1',
  channel_type: 'async',
  visit_type: 'initial',
  visit_id: 'visit_1',
  external_case_identifier: 'EXT-1',
  external_case_status: 'In progress',
  order_asset_id: 'asset_1',
  unlocked_at: '2026-11-20T08:00:00.000Z',
  order_external_identifier: 'oext_1',
  asset_link: 'https://assets.example.com/a/1',
  titration_config_id: 'tc_1',
  titration_direction: 'up',
  config_name: 'Standard titration',
  status_transition: { from: 'pending', to: 'created', by: { name: 'Dr X', email: 'x@example.com' } },
  questionnaire_id: 'q_1',
  location_id: 'loc_1',
  previous_product_variation_id: 'pv_0',
  current_product_variation_ids: ['pv_1'],
  future_product_variation_ids: ['pv_2'],
  current_pv_count: 1,
  future_pv_count: 1,
  future_prescriptions_to_create: 2,
  video_requested: false,
  reason: 'Out of stock',
  message_type: 'provider_message',
  order_link: 'https://shop.example.com/orders/1',
  reminder_type: 'refill',
  first_purchase: true,
  plan_type: '1_month',
  prescription_id: 'rx_1',
  prescription_status: 'approved',
  pharmacy_id: 'ph_1',
  instructions: 'Once daily',
  shipment_status: 'in_transit',
  tracking_number: '1Z999',
  tracking_url: 'https://track.example.com/1Z999',
  shipping_carrier: 'ups',
  pharmacy_status: 'filled',
  payment_status: 'succeeded',
  consultation_id: 'cons_1',
  lab_order_id: 'lab_1',
  lab_order_status: 'resulted',
  interpretation: 'Within range',
  lab_name: 'Example Labs',
  external_order_id: 'lext_1',
  provider_order_status: 'complete',
  reported_at: '2026-11-21T09:30:00Z',
  provider_event_type: 'result',
  latest_provider_event_status: 'final',
  support_case_id: 'sc_1',
  support_case_status: 'open',
  support_case_name: 'Where is my order',
  support_case_category: 'shipping',
  external_case_url: 'https://support.example.com/browse/SUP-1',
  template_id: 'tpl_1',
  template_display_name: 'Start your plan',
  journey_type: 'checkout',
  started_at: '2026-11-20T00:00:00.000Z',
  completed_at: '2026-11-20T01:00:00.000Z',
  abandoned_at: '2026-11-20T02:00:00.000Z',
  products: [
    {
      product_variation_id: 'pv_1',
      quantity: 2,
      unit_price_cents: 4_950,
      is_addon: false,
      display_name: 'Plan',
    },
    { productVariationId: 'pv_2', quantity: '1', unitPriceCents: '3000', isAddon: true, name: 'Add-on' },
  ],
  coupon_code: 'SAVE10',
  recovery_url: 'https://shop.example.com/recover?token=r1',
  recovery_url_expires_at: '2026-11-27T00:00:00.000Z',
  recovery_status: 'sent',
  recovery_missing_details: ['shipping_address', 'payment_method'],
  had_cart: true,
  intake_form_id: 'if_1',
  intake_form_instance_id: 'ifi_1',
  intake_form_instance_ids: ['ifi_1', 'ifi_2'],
  subscription_id: 'sub_1',
  refund_amount_cents: 250,
  refund_type: 'partial',
  cycle_number: 3,
  // never delivered
  first_name: 'Ada',
  email: 'ada@example.com',
  date_of_birth: '1815-12-10',
  address: { street: '1 Main St', city: 'London', zip: 'N1' },
  medications: ['levothyroxine'],
  clinical_notes: 'fatigue',
  internal_score: 0.93,
  product_display_names: ['Plan'],
  ...compound,
};

const storedAttribution = {
  first: {
    captured_at: '2026-11-01T00:00:00.000Z',
    landing_url: 'https://shop.example.com/start',
    params: { utm_source: 'mail', gclid: 'g1' },
  },
  last: {
    captured_at: '2026-11-20T00:00:00.000Z',
    referrer_url: 'https://search.example.com/',
    params: { svc_utm_campaign: 'spring', fbclid: 'f2' },
  },
  touch_count: 2,
  visitor_id: 'v_1',
};

function event(eventType: string, overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    eventId: 'evt_1',
    eventType,
    affiliateId: 'aff_1',
    occurredAt: new Date('2026-11-20T08:00:00.000Z'),
    data: stuffed,
    patient: { id: 'pat_1', externalId: 'ext_9', marketingConsent: true, isReturning: true },
    attribution: storedAttribution,
    ...overrides,
  };
}

const build = (record: EventRecord) => buildV2Payload(record, { attemptAt });
const publicEvents = eventDictionary.filter((e) => e.visibility === 'public');

describe('6.2 one table per category: the exact keys a fully stuffed record delivers', () => {
  it('the allowlists in code are docs/api.md §6.2 as written, and every field has a declared type', () => {
    for (const [category, fields] of Object.entries(categoryAllowlists)) {
      expect([...fields].sort(), category).toEqual(specFields(category as EventCategory).sort());
      for (const field of fields) expect(fieldTypes[field], field).toBeDefined();
    }
  });

  const cases = publicEvents.map((e) => [e.category, e.name] as const);
  it.each(cases)('6.2 %s: %s', (category, name) => {
    const expected = new Set<string>([
      ...envelopeFields,
      ...identityFields,
      ...specFields(category).filter(
        (field) => !(field === 'first_purchase' && name === 'journey_contact_captured'),
      ),
    ]);
    expect(new Set(Object.keys(build(event(name))))).toEqual(expected);
  });
});

describe('6.2 typed values of a fully stuffed record', () => {
  it('6.2 ORDER: scalars as sent, currency upper case, nested shapes through their own allowlist', () => {
    const payload = build(event('order_created'));
    expect(payload).toMatchObject({
      order_id: 'ord_1',
      total_value_cents: 12_900,
      currency: 'USD',
      product_variation_ids: ['pv_1', 'pv_2'],
      unlocked_at: '2026-11-20T08:00:00.000Z',
      config_name: 'Standard titration',
      reason: 'Out of stock',
      future_prescriptions_to_create: 2,
      video_requested: false,
      first_purchase: true,
    });
    expect(payload.status_transition).toEqual({ from: 'pending', to: 'created' });
  });

  it('2.7 JOURNEY product lines are { product_variation_id, quantity, unit_price_cents, is_addon } in integer cents, without display names', () => {
    const payload = build(event('journey_checkout_started'));
    expect(payload.products).toEqual([
      { product_variation_id: 'pv_1', quantity: 2, unit_price_cents: 4_950, is_addon: false },
      { product_variation_id: 'pv_2', quantity: 1, unit_price_cents: 3_000, is_addon: true },
    ]);
    expect(payload.template_display_name).toBe('Start your plan');
    expect(payload.recovery_missing_details).toEqual(['shipping_address', 'payment_method']);
    expect(payload).not.toHaveProperty('product_display_names');
  });

  it('2.8 attribution is delivered with its params exactly as stored', () => {
    expect(build(event('payment_succeeded')).attribution).toEqual(storedAttribution);
  });

  it('6.2 the stem net never removes a field docs/api.md §6.2 allows: lab_name, support_case_name, config_name, template_display_name', () => {
    expect(build(event('lab_results_received')).lab_name).toBe('Example Labs');
    expect(build(event('support_case_created')).support_case_name).toBe('Where is my order');
    expect(build(event('order_titration_changed')).config_name).toBe('Standard titration');
    expect(build(event('journey_started')).template_display_name).toBe('Start your plan');
  });

  it('6.2 the only declared names holding a sensitive stem are the four that docs/api.md §6.2 allows', () => {
    const withStem = Object.keys(fieldTypes).filter(isBlockedKey).sort();
    expect(withStem).toEqual(['config_name', 'lab_name', 'support_case_name', 'template_display_name']);
  });
});

describe('6.2 objects arrive only where a nested shape is declared', () => {
  it('6.2 compound sensitive keys inside an allowlisted field are not delivered: a free-form reason is dropped', () => {
    for (const type of ['order_cancelled', 'prescription_denied', 'pharmacy_status_changed']) {
      const payload = build(event(type, { data: { ...stuffed, reason: compound } }));
      expect(payload).not.toHaveProperty('reason');
      const body = JSON.stringify(payload);
      for (const key of Object.keys(compound)) expect(body).not.toContain(key);
    }
  });

  it('6.2 a nested shape keeps only its own fields, at every depth', () => {
    const payload = build(
      event('order_status_changed', {
        data: { status_transition: { from: 'a', to: 'b', ...compound, deeper: [{ email: 'x' }] } },
        attribution: {
          first: { captured_at: '2026-11-01T00:00:00Z', params: { utm_source: 'x' }, ...compound },
          touch_count: 1,
          ...compound,
        },
      }),
    );
    expect(payload.status_transition).toEqual({ from: 'a', to: 'b' });
    expect(payload.attribution).toEqual({
      first: { captured_at: '2026-11-01T00:00:00Z', params: { utm_source: 'x' } },
      touch_count: 1,
    });
  });

  it('6.2 a field of the wrong type is omitted: objects, arrays and numbers where a string is declared', () => {
    const payload = build(
      event('shipment_delivered', {
        data: {
          order_id: { id: 'ord_1', email: 'x' },
          tracking_number: ['1Z'],
          shipping_carrier: 7,
          tracking_url: 'javascript:alert(1)',
          shipment_status: 'delivered',
        },
      }),
    );
    expect(Object.keys(payload).filter((key) => spec62.SHIPPING.includes(key))).toEqual([
      'shipment_status',
      'attribution',
    ]);
  });
});

describe('2.7 money in integer cents', () => {
  it.each([
    [12_900, 12_900],
    ['250', 250],
    ['250.00', 250],
    [0, 0],
    [-500, -500],
    [12.5, undefined],
    [99.99, undefined],
    ['99.99', undefined],
    ['1,000', undefined],
    ['', undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
    [1e21, undefined],
    [true, undefined],
  ])('2.7 %s is delivered as %s', (raw, expected) => {
    const payload = build(
      event('ecommerce_order_refunded', { data: { total_value_cents: raw, refund_amount_cents: raw } }),
    );
    expect(payload.total_value_cents).toBe(expected);
    expect(payload.refund_amount_cents).toBe(expected);
    expect('total_value_cents' in payload).toBe(expected !== undefined);
  });

  it('2.7 a product line whose price has a fraction is left out, never rounded', () => {
    const payload = build(
      event('journey_completed', {
        data: {
          products: [
            { product_variation_id: 'pv_1', quantity: 1, unit_price_cents: 99.99, is_addon: false },
            { product_variation_id: 'pv_2', quantity: 1.5, unit_price_cents: 100, is_addon: false },
            { product_variation_id: 'pv_3', unit_price_cents: 100 },
          ],
        },
      }),
    );
    expect(payload.products).toEqual([
      { product_variation_id: 'pv_3', quantity: 1, unit_price_cents: 100, is_addon: false },
    ]);
  });
});

describe('2.8 rule 1, 6.3, 6.5: nothing is ever null', () => {
  it('6.5 journey_id and ecommerce_order_id sent as null are omitted', () => {
    const order = build(event('order_created', { data: { journey_id: null, ecommerce_order_id: null } }));
    expect(order).not.toHaveProperty('journey_id');
    expect(order).not.toHaveProperty('ecommerce_order_id');
    const journey = build(
      event('journey_started', { data: { journey_id: 'jrn_1', ecommerce_order_id: null } }),
    );
    expect(journey).not.toHaveProperty('ecommerce_order_id');
  });

  it('2.8 rule 1 null touches, counts and params are omitted, never sent as null', () => {
    const payload = build(
      event('order_created', {
        attribution: {
          first: null,
          last: {
            captured_at: '2026-11-20T00:00:00.000Z',
            landing_url: null,
            params: { utm_source: null, gclid: 'g1' },
          },
          touch_count: null,
          visitor_id: null,
        },
      }),
    );
    expect(payload.attribution).toEqual({
      last: { captured_at: '2026-11-20T00:00:00.000Z', params: { gclid: 'g1' } },
    });
  });

  it('2.8 rule 1 an attribution with nothing left is omitted whole', () => {
    for (const attribution of [
      {},
      { first: null, last: null, touch_count: null },
      { first: { params: {} } },
    ]) {
      expect(build(event('order_created', { attribution }))).not.toHaveProperty('attribution');
    }
    expect(build(event('order_created', { attribution: undefined }))).not.toHaveProperty('attribution');
  });

  it('6.2 nulls inside lists are left out', () => {
    const payload = build(event('order_created', { data: { product_variation_ids: ['pv_1', null, 3] } }));
    expect(payload.product_variation_ids).toEqual(['pv_1']);
    expect(build(event('order_created', { data: { product_variation_ids: [null] } }))).not.toHaveProperty(
      'product_variation_ids',
    );
  });
});

describe('2.8 rules 4 and 6: the params bag', () => {
  it('2.8 accepted keys pass exactly as stored; keys naming sensitive data are removed, svc_ ones included', () => {
    const payload = build(
      event('order_created', {
        attribution: {
          last: {
            captured_at: '2026-11-20T00:00:00.000Z',
            params: {
              UTM_Source: 'Mail',
              svc_utm_source: 'mail',
              gclid: 'g1',
              svc_patient_email: 'ada@example.com',
              svc_DRUG_NAME: 'x',
              svcAuthToken: 'x',
              patient_email: 'ada@example.com',
              utm_campaign: 12,
              utm_content: 'https://shop.example.com/?email=a',
            },
          },
        },
      }),
    );
    expect(payload.attribution).toEqual({
      last: {
        captured_at: '2026-11-20T00:00:00.000Z',
        params: { UTM_Source: 'Mail', svc_utm_source: 'mail', gclid: 'g1' },
      },
    });
  });
});

describe('2.7 envelope', () => {
  it('2.7 carries event_type, event_id, api_version 2026-08-17, the attempt timestamp and its epoch, affiliate_id', () => {
    expect(build(event('journey_completed'))).toMatchObject({
      event_type: 'journey_completed',
      event_id: 'evt_1',
      api_version: '2026-08-17',
      timestamp: '2026-11-23T10:00:00.000Z',
      timestamp_epoch: 1795428000,
      affiliate_id: 'aff_1',
    });
    expect(apiVersion).toBe('2026-08-17');
  });

  it('2.7 timestamp is the attempt time, made fresh per attempt; event_id stays', () => {
    const first = build(event('order_created'));
    const retry = buildV2Payload(event('order_created'), { attemptAt: new Date('2026-11-23T10:05:00.000Z') });
    expect(retry.timestamp).toBe('2026-11-23T10:05:00.000Z');
    expect(retry.timestamp_epoch).toBe(1795428300);
    expect(retry.event_id).toBe(first.event_id);
  });

  it('6.1 internal events are never built', () => {
    expect(() => build(event('internal_audit_recorded'))).toThrow(TypeError);
  });
});

describe('6.3 patient-identity block', () => {
  it('6.3 present with patient_id and patient_external_id when linked', () => {
    expect(build(event('order_created'))).toMatchObject({
      patient_marketing_consent: true,
      is_returning_patient: true,
      patient_id: 'pat_1',
      patient_external_id: 'ext_9',
    });
  });

  it('6.3 defaults to false and omits patient_id / patient_external_id (never null) with no patient', () => {
    const payload = build(event('order_created', { patient: undefined }));
    expect(payload.patient_marketing_consent).toBe(false);
    expect(payload.is_returning_patient).toBe(false);
    expect(payload).not.toHaveProperty('patient_id');
    expect(payload).not.toHaveProperty('patient_external_id');
  });

  it('6.3 patient_external_id only when the patient has one', () => {
    const payload = build(
      event('order_created', { patient: { id: 'pat_1', marketingConsent: false, isReturning: false } }),
    );
    expect(payload.patient_id).toBe('pat_1');
    expect(payload).not.toHaveProperty('patient_external_id');
  });

  it('6.2 PATIENT events carry only the envelope and the identity block', () => {
    expect(Object.keys(build(event('patient_enrolled'))).sort()).toEqual(
      [...envelopeFields, ...identityFields].sort(),
    );
  });
});

describe('6.4 conditional fields and 6.5 attribution', () => {
  it('6.4 subscription_renewed always sends first_purchase false', () => {
    expect(build(event('subscription_renewed')).first_purchase).toBe(false);
    expect(build(event('subscription_renewed', { data: {} })).first_purchase).toBe(false);
  });
  it('6.4 journey_contact_captured never includes first_purchase', () => {
    expect(build(event('journey_contact_captured'))).not.toHaveProperty('first_purchase');
  });
  it('6.4 journey_abandoned includes first_purchase only when had_cart is true', () => {
    expect(build(event('journey_abandoned')).first_purchase).toBe(true);
    const payload = build(event('journey_abandoned', { data: { ...stuffed, had_cart: false } }));
    expect(payload).not.toHaveProperty('first_purchase');
    expect(payload.had_cart).toBe(false);
  });
  it('6.4 first_purchase that is not a boolean is omitted', () => {
    expect(build(event('order_created', { data: { first_purchase: 'yes' } }))).not.toHaveProperty(
      'first_purchase',
    );
  });
  it('6.5 support and patient events carry no attribution even when one exists', () => {
    expect(build(event('support_case_created'))).not.toHaveProperty('attribution');
    expect(build(event('patient_enrolled'))).not.toHaveProperty('attribution');
  });
  it('6.5 journey_id and ecommerce_order_id are each omitted on their own', () => {
    const { journey_id: _, ...data } = stuffed;
    const payload = build(event('order_created', { data }));
    expect(payload).not.toHaveProperty('journey_id');
    expect(payload.ecommerce_order_id).toBe('eco_1');
  });
});

describe('6.1 v1 payload', () => {
  it('6.1 is the full raw event object, health data included', () => {
    expect(buildV1Payload(event('order_created'))).toMatchObject({
      event_type: 'order_created',
      event_id: 'evt_1',
      data: { clinical_notes: 'fatigue', reason: 'Out of stock' },
    });
  });
});
