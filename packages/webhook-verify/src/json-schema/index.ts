/**
 * The v2 payload as JSON Schema (draft 2020-12), generated from the zod schemas of `/schemas`,
 * for validators other than zod and for receivers in other languages. The same documents ship as
 * `json-schema/webhook-event.schema.json` and `json-schema/webhook-envelope.schema.json`.
 *
 * @example
 * import Ajv2020 from 'ajv/dist/2020';
 * import addFormats from 'ajv-formats';
 * import { eventJsonSchemas } from '@affiliate-commerce/webhook-verify/json-schema';
 * const validate = addFormats(new Ajv2020()).compile(eventJsonSchemas.order_created);
 *
 * @packageDocumentation
 */
import envelopeDocument from '../../json-schema/webhook-envelope.schema.json' with { type: 'json' };
import eventDocument from '../../json-schema/webhook-event.schema.json' with { type: 'json' };
import { type WebhookEventType, webhookEventCategories } from '../events/event-types';
import { eventJsonSchemaName, type JsonSchema } from './names';

export { eventJsonSchemaName, type JsonSchema } from './names';

/**
 * Any v2 payload: a `oneOf` with one branch per public event type (told apart by the `const` of
 * `event_type`), each event's schema and the shared ones (`Attribution`, `ProductLineItem`, …)
 * under `$defs`.
 */
export const webhookEventJsonSchema: JsonSchema = eventDocument;

/** The envelope alone (`event_type` any public event type), as `envelopeSchema` checks it. */
export const envelopeJsonSchema: JsonSchema = envelopeDocument;

const { $schema, $defs } = eventDocument as { $schema: string; $defs: Record<string, JsonSchema> };
const eventTypes = Object.keys(webhookEventCategories) as WebhookEventType[];
const eventNames = new Set(eventTypes.map(eventJsonSchemaName));
const sharedDefs = Object.fromEntries(Object.entries($defs).filter(([name]) => !eventNames.has(name)));

/** One event's schema from the document, with the shared schemas under its own `$defs`. */
const standalone = (type: WebhookEventType): JsonSchema => ({
  $schema,
  ...$defs[eventJsonSchemaName(type)],
  $defs: sharedDefs,
});

/**
 * The schema of each public event type, standing alone: its `event_type` as a `const`, the
 * envelope, the identity block and its category's allowlisted fields, as `webhookEventSchemas`
 * checks them.
 *
 * @example
 * const validate = ajv.compile(eventJsonSchemas[JSON.parse(body).event_type]);
 */
export const eventJsonSchemas = Object.fromEntries(
  eventTypes.map((type) => [type, standalone(type)]),
) as Readonly<Record<WebhookEventType, JsonSchema>>;
