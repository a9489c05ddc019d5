/**
 * The v2 deliveries in the OpenAPI document: one `webhooks` entry per subscribable event type,
 * its body the JSON Schema webhook-verify publishes (generated from the zod schemas receivers
 * parse with), and the signatures of a v2 delivery as security schemes.
 */
import type { WebhookEventType } from '@affiliate-commerce/webhook-verify/events';
import {
  envelopeJsonSchema,
  eventJsonSchemaName,
  type JsonSchema,
  webhookEventJsonSchema,
} from '@affiliate-commerce/webhook-verify/json-schema';
import { eventDictionary, isSubscribable } from '../rules/events/event-dictionary';
import { examplePayloads } from '../rules/events/example-event';
import { signatureHeader } from '../rules/events/signing';

/** A JSON Schema with its `$defs` references pointed at `components.schemas`. */
function rebased(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebased);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) =>
      key === '$ref' && typeof value === 'string'
        ? [key, value.replace(/^#\/\$defs\//, '#/components/schemas/')]
        : [key, rebased(value)],
    ),
  );
}

/** A document as a component: OpenAPI 3.1 states the dialect once, and the comment is for files. */
function component(document: JsonSchema): JsonSchema {
  const { $schema: _dialect, $comment: _comment, $defs: _defs, ...schema } = document;
  return rebased(schema) as JsonSchema;
}

/**
 * `components.schemas` of the deliveries: `WebhookEvent` (any v2 payload), `WebhookEnvelope`, one
 * schema per public event type (`OrderCreatedEvent`, …) and the shapes they share.
 */
export function webhookSchemaComponents(): Record<string, JsonSchema> {
  const defs = webhookEventJsonSchema.$defs as Record<string, JsonSchema>;
  return {
    WebhookEvent: component(webhookEventJsonSchema),
    WebhookEnvelope: component(envelopeJsonSchema),
    ...Object.fromEntries(
      Object.entries(defs).map(([name, schema]) => [name, rebased(schema) as JsonSchema]),
    ),
  };
}

/** The two signatures of a v2 delivery; a receiver checks either. */
export const webhookSecuritySchemes = {
  webhookSignature: {
    type: 'apiKey',
    in: 'header',
    name: signatureHeader,
    description:
      'On every delivery to a webhook with a secret. v2: `t=<unix seconds>,sha256=<base64>`, an ' +
      'HMAC-SHA256 over `<t>.<raw body>`; v1: `sha256=<base64>` over the raw body. The key is the ' +
      'UTF-8 bytes of the whole secret, `whsec_` included. During a rotation every secret signs: one ' +
      '`sha256=` entry each, newest first. Refuse a `t` more than 300 seconds from now. ' +
      '`@affiliate-commerce/webhook-verify` checks all of it.',
  },
  standardWebhooks: {
    type: 'apiKey',
    in: 'header',
    name: 'webhook-signature',
    description:
      'The Standard Webhooks headers, which a v2 delivery carries beside `X-Webhook-Signature` when a ' +
      'signing secret is in the standard format (`whsec_` then base64; a secret issued before it signs ' +
      '`X-Webhook-Signature` only): `webhook-id` (the event id), `webhook-timestamp` (Unix seconds, the ' +
      '`t=` of `X-Webhook-Signature`) and `webhook-signature`, space-separated `v1,<base64>` entries, one ' +
      'per such secret, current first, each an HMAC-SHA256 over ' +
      '`<webhook-id>.<webhook-timestamp>.<raw body>`. The key is the base64-decoded part of the secret ' +
      'after `whsec_`. Any Standard Webhooks library verifies them.',
  },
} as const;

/** Either signature authenticates a delivery. */
const security = [{ webhookSignature: [] }, { standardWebhooks: [] }];

const headers = [
  {
    name: 'X-Webhook-Id',
    in: 'header',
    required: true,
    description: 'The event id, as `event_id` in the body. Not signed: dedupe on the verified body.',
    schema: { type: 'string' },
  },
  {
    name: 'X-Webhook-Version',
    in: 'header',
    required: true,
    description: 'The payload version of the webhook: `v2` for the bodies described here.',
    schema: { type: 'string', const: 'v2' },
  },
];

const responses = {
  '2XX': {
    description:
      'Received. Any other answer, or none in time, makes the sender retry on its schedule; dedupe on `event_id`.',
  },
};

/** The delivery of one event type: POST of its v2 payload, with an example body. */
function delivery(definition: (typeof eventDictionary)[number]) {
  const type = definition.name as WebhookEventType;
  return {
    post: {
      operationId: type,
      summary: definition.description,
      description: `Emitted by \`${definition.emittedBy}\`; sent to the webhooks subscribed to \`${type}\`.`,
      tags: [`${definition.category.toLowerCase()} events`],
      security,
      parameters: headers,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: `#/components/schemas/${eventJsonSchemaName(type)}` },
            example: examplePayloads(type).v2,
          },
        },
      },
      responses,
    },
  };
}

/** The `webhooks` section: one entry per subscribable event type, in dictionary order. */
export function webhookOperations(): Record<string, ReturnType<typeof delivery>> {
  return Object.fromEntries(
    eventDictionary
      .filter((event) => isSubscribable(event.name))
      .map((event) => [event.name, delivery(event)]),
  );
}
