import type { WebhookEventType } from '@affiliate-commerce/webhook-verify/events';
import { eventJsonSchemas } from '@affiliate-commerce/webhook-verify/json-schema';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../../scripts/openapi-document';
import { eventDictionary, isSubscribable } from '../rules/events/event-dictionary';
import { examplePayloads } from '../rules/events/example-event';
import { routes } from './routes';

interface Webhook {
  readonly post: {
    readonly operationId: string;
    readonly security: readonly Record<string, unknown>[];
    readonly requestBody: {
      readonly content: Record<string, { readonly schema: { $ref: string }; readonly example: unknown }>;
    };
  };
}

const document = openApiDocument() as {
  webhooks: Record<string, Webhook>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, Record<string, string>> };
};
const subscribable = eventDictionary.filter((event) => isSubscribable(event.name)).map((event) => event.name);

/** Ajv in strict mode; the OpenAPI fields around the schemas are declared so strict mode allows them. */
const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true }));
ajv.addVocabulary(['openapi', 'info', 'paths', 'webhooks', 'components']);
ajv.addSchema(document, 'openapi.json');

/** The validator of the request body schema of one webhooks entry, resolved inside the document. */
const openApiValidator = (type: string) => {
  const validate = ajv.getSchema(
    `openapi.json#/webhooks/${type}/post/requestBody/content/application~1json/schema`,
  );
  if (!validate) throw new Error(`no webhooks entry for ${type}`);
  return validate;
};
const jsonSchemaValidator = (type: string) => ajv.compile(eventJsonSchemas[type as WebhookEventType]);

describe('OpenAPI webhooks: one entry per subscribable event (README: JSON Schema for other languages)', () => {
  it('lists the 57 subscribable events, each a POST of its event schema with its example body', () => {
    expect(Object.keys(document.webhooks)).toEqual(subscribable);
    expect(subscribable).toHaveLength(57);
    for (const type of subscribable) {
      const { post } = document.webhooks[type]!;
      expect(post.operationId).toBe(type);
      const body = post.requestBody.content['application/json']!;
      expect(body.schema.$ref).toMatch(/^#\/components\/schemas\/\w+Event$/);
      expect(body.example).toEqual(examplePayloads(type).v2);
    }
    const operationIds = [
      ...routes.map((route) => route.operationId),
      ...Object.values(document.webhooks).map((webhook) => webhook.post.operationId),
    ];
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('describes both signatures of a v2 delivery, either of which authenticates it', () => {
    const { webhookSignature, standardWebhooks } = document.components.securitySchemes;
    expect(webhookSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Webhook-Signature' });
    expect(webhookSignature!.description).toMatch(
      /t=<unix seconds>,sha256=<base64>.*<t>\.<raw body>.*`whsec_` included/,
    );
    expect(standardWebhooks).toMatchObject({ type: 'apiKey', in: 'header', name: 'webhook-signature' });
    expect(standardWebhooks!.description).toMatch(
      /webhook-id.*webhook-timestamp.*v1,<base64>.*<webhook-id>\.<webhook-timestamp>\.<raw body>.*base64-decoded part of the secret after `whsec_`/,
    );
    for (const type of subscribable)
      expect(document.webhooks[type]!.post.security).toEqual([
        { webhookSignature: [] },
        { standardWebhooks: [] },
      ]);
  });

  it('every reference of the webhooks and their schemas resolves inside the document', () => {
    const text = JSON.stringify([document.webhooks, document.components.schemas]);
    const refs = new Set(text.match(/"\$ref":"[^"]+"/g));
    expect(refs.size).toBeGreaterThan(60);
    for (const ref of refs) {
      const path = ref.slice('"$ref":"#/'.length, -1).split('/');
      const target = path.reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        document,
      );
      expect(target, ref).toBeDefined();
    }
  });

  it.each(subscribable)(
    '%s: its example validates against its JSON Schema and its webhooks entry (ajv)',
    (type) => {
      const example = examplePayloads(type).v2;
      for (const validate of [jsonSchemaValidator(type), openApiValidator(type)])
        expect(validate(example), ajv.errorsText(validate.errors)).toBe(true);
    },
  );

  it.each([
    ['money as a string', 'payment_succeeded', { total_value_cents: '4900' }],
    ['an id list holding a number', 'order_created', { product_variation_ids: ['pv_1', 2] }],
    ['attribution null', 'shipment_delivered', { attribution: null }],
    ['a touch without captured_at', 'journey_completed', { attribution: { last: { params: {} } } }],
    ['the identity block missing', 'patient_enrolled', { patient_marketing_consent: undefined }],
    ['another event type', 'order_created', { event_type: 'order_updated' }],
    ['first_purchase true on a renewal', 'subscription_renewed', { first_purchase: true }],
  ])('an example with %s fails both (%s)', (_, type, change) => {
    const example = JSON.parse(JSON.stringify({ ...examplePayloads(type).v2, ...change }));
    expect(jsonSchemaValidator(type)(example)).toBe(false);
    expect(openApiValidator(type)(example)).toBe(false);
  });
});
