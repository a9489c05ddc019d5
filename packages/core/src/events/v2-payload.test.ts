import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categoryAllowlists, envelopeFields, identityFields } from './allowlists';
import { isBlockedKey } from './blocklist';
import { type EventCategory, eventDictionary } from './event-dictionary';
import { apiVersion, buildV1Payload, buildV2Payload, type EventRecord } from './v2-payload';

const attemptAt = new Date('2026-11-23T10:00:00.000Z');

/** Sensitive data of every kind the blocklist names, at the top and nested. */
const sensitive = {
  first_name: 'Ada',
  lastName: 'Lovelace',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  date_of_birth: '1815-12-10',
  dob: '1815-12-10',
  address: { street: '1 Main St', city: 'London', zip: 'N1' },
  postal_code: 'N1',
  medications: ['levothyroxine'],
  allergies: ['penicillin'],
  diagnosis: 'hypothyroidism',
  clinical_notes: 'patient reports fatigue',
  access_token: 'tok_123',
  password: 'hunter2',
};

const nestedSensitive = {
  keep: 'yes',
  email: 'x@example.com',
  deeper: [{ phone: '1', keep_too: 2, notes: 'n' }],
};

/** A raw event: every allowlisted field of every category, plus sensitive and unknown fields. */
function rawEvent(): Record<string, unknown> {
  const data: Record<string, unknown> = { ...sensitive, internal_score: 42, unknown_field: 'drop me' };
  for (const fields of Object.values(categoryAllowlists)) {
    for (const field of fields) data[field] = `${field}-value`;
  }
  data.status_transition = nestedSensitive;
  data.recovery_missing_details = nestedSensitive;
  data.products = [
    {
      product_variation_id: 'pv_1',
      quantity: 2,
      unit_price_cents: 1999,
      is_addon: false,
      display_name: 'Secret Name',
    },
    { productVariationId: 'pv_2', quantity: '1', unitPriceCents: 500, isAddon: true, name: 'x' },
  ];
  data.first_purchase = true;
  data.had_cart = true;
  return data;
}

function event(eventType: string, overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    eventId: 'evt_1',
    eventType,
    affiliateId: 'aff_1',
    occurredAt: new Date('2026-11-20T08:00:00.000Z'),
    data: rawEvent(),
    patient: { id: 'pat_1', externalId: 'ext_9', marketingConsent: true, isReturning: true },
    attribution: {
      first: { captured_at: '2026-11-01T00:00:00.000Z', params: { utm_source: 'x' } },
      touch_count: 1,
      visitor_id: 'v1',
    },
    ...overrides,
  };
}

const publicEvents = eventDictionary.filter((e) => e.visibility === 'public');
const sampleOf = (category: EventCategory) => publicEvents.find((e) => e.category === category)!.name;
const withAttribution = new Set([
  'JOURNEY',
  'ORDER',
  'COMMERCE',
  'PAYMENT',
  'PRESCRIPTION',
  'PHARMACY',
  'SHIPPING',
  'LAB',
]);

describe('6.2 category allowlists: exactly the allowlisted fields plus envelope and identity come out', () => {
  const categories = Object.keys(categoryAllowlists).filter((c) => c !== 'INTERNAL') as EventCategory[];
  it.each(categories)('6.2 %s', (category) => {
    const type = sampleOf(category);
    const payload = buildV2Payload(event(type), { attemptAt });
    const expected = new Set<string>([...envelopeFields, ...identityFields]);
    for (const field of categoryAllowlists[category]) {
      if (field === 'attribution' && !withAttribution.has(category)) continue;
      expected.add(field);
    }
    expect(new Set(Object.keys(payload))).toEqual(expected);
    for (const key of Object.keys(sensitive)) expect(payload).not.toHaveProperty(key);
    expect(payload).not.toHaveProperty('internal_score');
    expect(payload).not.toHaveProperty('unknown_field');
  });

  it('6.2 the blocklist removes sensitive keys nested under allowlisted fields, at any depth', () => {
    const payload = buildV2Payload(event('order_created'), { attemptAt });
    expect(payload.status_transition).toEqual({ keep: 'yes', deeper: [{ keep_too: 2 }] });
  });

  it('6.2 PATIENT and INTERNAL carry only the identity block; internal events are never built', () => {
    const payload = buildV2Payload(event('patient_enrolled'), { attemptAt });
    expect(Object.keys(payload).sort()).toEqual([...envelopeFields, ...identityFields].sort());
    expect(() => buildV2Payload(event('internal_audit_recorded'), { attemptAt })).toThrow(TypeError);
  });

  it('no allowlisted field is itself a blocklisted key', () => {
    for (const fields of Object.values(categoryAllowlists))
      for (const field of fields) expect(isBlockedKey(field)).toBe(false);
  });
});

describe('2.7 envelope', () => {
  it('2.7 carries event_type, event_id, api_version 2026-08-17, the attempt timestamp and its epoch, affiliate_id', () => {
    const payload = buildV2Payload(event('journey_completed'), { attemptAt });
    expect(payload).toMatchObject({
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
    const first = buildV2Payload(event('order_created'), { attemptAt });
    const retry = buildV2Payload(event('order_created'), { attemptAt: new Date('2026-11-23T10:05:00.000Z') });
    expect(retry.timestamp).toBe('2026-11-23T10:05:00.000Z');
    expect(retry.timestamp_epoch).toBe(1795428300);
    expect(retry.event_id).toBe(first.event_id);
  });

  it('2.7 product lines are { product_variation_id, quantity, unit_price_cents, is_addon } without display names', () => {
    const payload = buildV2Payload(event('journey_checkout_started'), { attemptAt });
    expect(payload.products).toEqual([
      { product_variation_id: 'pv_1', quantity: 2, unit_price_cents: 1999, is_addon: false },
      { product_variation_id: 'pv_2', quantity: 1, unit_price_cents: 500, is_addon: true },
    ]);
    expect(payload).not.toHaveProperty('product_display_names');
  });
});

describe('6.3 patient-identity block', () => {
  it('6.3 present with patient_id and patient_external_id when linked', () => {
    expect(buildV2Payload(event('order_created'), { attemptAt })).toMatchObject({
      patient_marketing_consent: true,
      is_returning_patient: true,
      patient_id: 'pat_1',
      patient_external_id: 'ext_9',
    });
  });

  it('6.3 defaults to false and omits patient_id / patient_external_id (never null) with no patient', () => {
    const payload = buildV2Payload(event('order_created', { patient: undefined }), { attemptAt });
    expect(payload.patient_marketing_consent).toBe(false);
    expect(payload.is_returning_patient).toBe(false);
    expect(payload).not.toHaveProperty('patient_id');
    expect(payload).not.toHaveProperty('patient_external_id');
  });

  it('6.3 patient_external_id only when the patient has one', () => {
    const payload = buildV2Payload(
      event('order_created', { patient: { id: 'pat_1', marketingConsent: false, isReturning: false } }),
      { attemptAt },
    );
    expect(payload.patient_id).toBe('pat_1');
    expect(payload).not.toHaveProperty('patient_external_id');
  });
});

describe('6.4 conditional fields and 6.5 attribution', () => {
  it('6.4 subscription_renewed always sends first_purchase false', () => {
    expect(buildV2Payload(event('subscription_renewed'), { attemptAt }).first_purchase).toBe(false);
  });
  it('6.4 journey_contact_captured never includes first_purchase', () => {
    expect(buildV2Payload(event('journey_contact_captured'), { attemptAt })).not.toHaveProperty(
      'first_purchase',
    );
  });
  it('6.4 journey_abandoned includes first_purchase only when had_cart is true', () => {
    expect(buildV2Payload(event('journey_abandoned'), { attemptAt }).first_purchase).toBe(true);
    const noCart = event('journey_abandoned', { data: { ...rawEvent(), had_cart: false } });
    const payload = buildV2Payload(noCart, { attemptAt });
    expect(payload).not.toHaveProperty('first_purchase');
    expect(payload.had_cart).toBe(false);
  });
  it('6.5 support, patient events carry no attribution even when one exists', () => {
    expect(buildV2Payload(event('support_case_created'), { attemptAt })).not.toHaveProperty('attribution');
    expect(buildV2Payload(event('patient_enrolled'), { attemptAt })).not.toHaveProperty('attribution');
  });
  it('2.8 rule 1: no attribution object at all when nothing was captured', () => {
    expect(
      buildV2Payload(event('order_created', { attribution: undefined }), { attemptAt }),
    ).not.toHaveProperty('attribution');
    expect(buildV2Payload(event('order_created', { attribution: {} }), { attemptAt })).not.toHaveProperty(
      'attribution',
    );
  });
  it('6.5 journey_id and ecommerce_order_id are each omitted on their own', () => {
    const data = { ...rawEvent() };
    delete data.journey_id;
    const payload = buildV2Payload(event('order_created', { data }), { attemptAt });
    expect(payload).not.toHaveProperty('journey_id');
    expect(payload.ecommerce_order_id).toBe('ecommerce_order_id-value');
  });
});

describe('6.1 v1 payload', () => {
  it('6.1 is the full raw event object, health data included', () => {
    const payload = buildV1Payload(event('order_created'));
    expect(payload).toMatchObject({
      event_type: 'order_created',
      event_id: 'evt_1',
      data: { diagnosis: 'hypothyroidism' },
    });
  });
});

const jsonLeaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
const keyArb = fc.oneof(
  fc.constantFrom(...Object.keys(sensitive), 'Email', 'First-Name', 'notes', 'token', 'name'),
  ...Object.values(categoryAllowlists).map((fields) =>
    fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('x'),
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);
const nested = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    jsonLeaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(keyArb, tie('value'), { maxKeys: 5 }),
  ),
})).value;

function keysAtDepth(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) keysAtDepth(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      out.push(key);
      keysAtDepth(inner, out);
    }
  }
  return out;
}

describe('6.2 property: nothing outside the allowlist, nothing blocklisted at any depth', () => {
  it('6.2 and 6.3 hold for random nested events of every public category', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...publicEvents.map((e) => e.name)),
        fc.dictionary(keyArb, nested, { maxKeys: 30 }),
        fc.option(
          fc.record({
            id: fc.string({ minLength: 1 }),
            externalId: fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
            marketingConsent: fc.boolean(),
            isReturning: fc.boolean(),
          }),
          { nil: undefined },
        ),
        fc.option(fc.dictionary(keyArb, nested, { maxKeys: 4 }), { nil: undefined }),
        (eventType, data, patient, attribution) => {
          const definition = publicEvents.find((e) => e.name === eventType)!;
          const payload = buildV2Payload(
            { eventId: 'e', eventType, affiliateId: 'a', occurredAt: attemptAt, data, patient, attribution },
            { attemptAt },
          );
          const allowed = new Set<string>([
            ...envelopeFields,
            ...identityFields,
            ...categoryAllowlists[definition.category],
          ]);
          for (const key of Object.keys(payload)) expect(allowed.has(key)).toBe(true);
          for (const [key, value] of Object.entries(payload)) {
            if ((envelopeFields as readonly string[]).includes(key)) continue;
            for (const inner of keysAtDepth(value)) expect(isBlockedKey(inner)).toBe(false);
          }
          for (const field of ['patient_id', 'patient_external_id']) expect(payload[field]).not.toBeNull();
          expect(typeof payload.patient_marketing_consent).toBe('boolean');
          expect(typeof payload.is_returning_patient).toBe('boolean');
        },
      ),
      { numRuns: 300 },
    );
  });
});
