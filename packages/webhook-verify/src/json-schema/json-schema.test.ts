import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { type WebhookEventType, webhookEventCategories } from '../events/event-types';
import { categoryFieldSchemas, webhookEventSchema, webhookEventSchemas } from '../schemas/index';
import { jsonSchemaFiles, standaloneEventJsonSchema } from './generate';
import { envelopeJsonSchema, eventJsonSchemaName, eventJsonSchemas, webhookEventJsonSchema } from './index';

/** Ajv in strict mode, so a keyword it does not know fails the compile instead of being ignored. */
const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }));
const types = Object.keys(webhookEventCategories) as WebhookEventType[];
const validateAny = ajv.compile(webhookEventJsonSchema);
const validateEnvelope = ajv.compile(envelopeJsonSchema);
const validateEvent = Object.fromEntries(types.map((type) => [type, ajv.compile(eventJsonSchemas[type])]));

function envelope(type: string, fields: Record<string, unknown> = {}) {
  return {
    event_type: type,
    event_id: `evt_${type}`,
    api_version: '2026-08-17',
    timestamp: '2026-01-01T00:00:00.000Z',
    timestamp_epoch: 1_767_225_600,
    affiliate_id: 'aff_1',
    patient_marketing_consent: false,
    is_returning_patient: false,
    ...(type === 'subscription_renewed' ? { first_purchase: false } : {}),
    ...fields,
  };
}

/** A value of the right type for any allowlisted field, by its name. */
function sample(field: string): unknown {
  if (field === 'attribution')
    return {
      first: { captured_at: '2026-01-01T00:00:00Z', params: { utm_source: 'news' } },
      last: { captured_at: '2026-01-02T00:00:00Z', landing_url: 'https://shop.example/' },
      touch_count: 2,
      visitor_id: 'vis_1',
    };
  if (field === 'products')
    return [{ product_variation_id: 'pv_1', quantity: 1, unit_price_cents: 990, is_addon: false }];
  if (/_ids$/.test(field)) return ['a', 'b'];
  if (/(_cents|_count|cycle_number)$/.test(field)) return 3;
  if (/^(video_requested|first_purchase|had_cart)$/.test(field)) return false;
  if (/^(status_transition|interpretation|recovery_missing_details)$/.test(field)) return { any: [1, null] };
  return `${field}-value`;
}

function everyField(type: WebhookEventType) {
  const fields = Object.keys(categoryFieldSchemas[webhookEventCategories[type]].shape);
  const values = Object.fromEntries(fields.map((field) => [field, sample(field)]));
  if (type === 'journey_contact_captured') delete values.first_purchase;
  return envelope(type, { ...values, patient_id: 'pat_1', patient_external_id: 'ext_1' });
}

/** Payloads zod refuses, each for one reason; ajv must refuse them too. */
const refused: readonly (readonly [string, Record<string, unknown>])[] = [
  ['an unknown event type', envelope('order_exploded')],
  ['an internal event', envelope('internal_audit_recorded')],
  ['a missing event_id', { ...envelope('order_created'), event_id: undefined }],
  ['a timestamp that is not ISO 8601', envelope('order_created', { timestamp: 'yesterday' })],
  ['a timestamp without an offset', envelope('order_created', { timestamp: '2026-01-01T00:00:00' })],
  ['timestamp_epoch with a fraction', envelope('order_created', { timestamp_epoch: 1.5 })],
  [
    'patient_marketing_consent missing',
    { ...envelope('order_created'), patient_marketing_consent: undefined },
  ],
  ['patient_id null', envelope('order_created', { patient_id: null })],
  ['attribution null', envelope('order_created', { attribution: null })],
  ['attribution on a touch without captured_at', envelope('order_created', { attribution: { last: {} } })],
  ['a params value that is not a string', envelope('order_created', { attribution: sampleParams(1) })],
  ['money that is not integer cents', envelope('payment_succeeded', { total_value_cents: 12.5 })],
  ['money as a string', envelope('payment_succeeded', { total_value_cents: '1200' })],
  ['an id list holding a number', envelope('order_created', { product_variation_ids: ['pv_1', 2] })],
  [
    'subscription_renewed with first_purchase true',
    envelope('subscription_renewed', { first_purchase: true }),
  ],
  [
    'subscription_renewed without first_purchase',
    { ...envelope('subscription_renewed'), first_purchase: undefined },
  ],
  [
    'a product line without its price',
    envelope('journey_completed', {
      products: [{ product_variation_id: 'p', quantity: 1, is_addon: false }],
    }),
  ],
  ['a non-boolean example marker', envelope('order_created', { example: 'yes' })],
];

function sampleParams(value: unknown) {
  return { last: { captured_at: '2026-01-02T00:00:00Z', params: { gclid: value } } };
}

/** What JSON.stringify would send: undefined keys are left out. */
const wire = (payload: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;

describe('JSON Schema of the v2 payload (README: JSON Schema for other languages)', () => {
  it('json-schema/*.schema.json are generated from the current zod schemas (run `npm run json-schema` when this fails)', () => {
    for (const { url, text } of jsonSchemaFiles()) expect(readFileSync(url, 'utf8'), url.pathname).toBe(text);
  });

  it('has one standalone schema per public event type (58: the 57 subscribable and one not yet implemented)', () => {
    expect(Object.keys(eventJsonSchemas)).toEqual(types);
    expect(types).toHaveLength(58);
    expect(Object.keys(webhookEventJsonSchema.$defs as object)).toEqual([
      ...types.map(eventJsonSchemaName),
      'Attribution',
      'AttributionTouch',
      'JsonValue',
      'ProductLineItem',
    ]);
  });

  it.each(types)('%s: the published schema is what zod writes for that event alone', (type) => {
    const direct = standaloneEventJsonSchema(type) as { $defs?: object };
    expect(eventJsonSchemas[type]).toEqual({ ...direct, $defs: expect.objectContaining(direct.$defs ?? {}) });
    expect(eventJsonSchemas[type]).toMatchObject({
      properties: { event_type: { const: type } },
      required: expect.arrayContaining(['event_type', 'event_id', 'patient_marketing_consent']),
    });
  });

  it('names the attribution only for the families that carry it (docs/api.md §6.5)', () => {
    const carries = (type: WebhookEventType) =>
      'attribution' in (eventJsonSchemas[type].properties as Record<string, unknown>);
    expect(types.filter((type) => !carries(type)).map((type) => webhookEventCategories[type])).toEqual([
      ...Array(3).fill('SUPPORT'),
      ...Array(4).fill('PATIENT'),
    ]);
  });

  it.each(types)('%s: ajv and zod both accept the bare envelope and every allowlisted field', (type) => {
    for (const payload of [envelope(type), everyField(type)]) {
      expect(webhookEventSchemas[type].safeParse(payload).success).toBe(true);
      expect(validateEvent[type]!(payload), ajv.errorsText(validateEvent[type]!.errors)).toBe(true);
      expect(validateAny(payload), ajv.errorsText(validateAny.errors)).toBe(true);
      expect(validateEnvelope(payload)).toBe(true);
    }
  });

  it.each(refused)('ajv refuses %s, as zod does', (_, payload) => {
    const body = wire(payload);
    expect(webhookEventSchema.safeParse(body).success).toBe(false);
    expect(validateAny(body)).toBe(false);
    const own = validateEvent[String(body.event_type)];
    if (own) expect(own(body)).toBe(false);
  });

  it('ajv refuses a payload under the schema of another event type', () => {
    expect(validateEvent.order_created!(envelope('order_updated'))).toBe(false);
  });

  it('the ./json-schema entry is data alone: it does not import zod', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((input) => input.includes('zod'))).toEqual([]);
    expect(inputs).toContainEqual(expect.stringContaining('webhook-event.schema.json'));
  });

  it('keeps fields it does not know, as zod does (docs/api.md §9.2: fields are additive within a version)', () => {
    expect(validateEvent.order_created!(envelope('order_created', { brand_new_field: 1 }))).toBe(true);
  });
});
