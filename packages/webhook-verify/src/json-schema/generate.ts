/**
 * Writes the zod schemas of `../schemas` as JSON Schema (draft 2020-12), for receivers in other
 * languages. `npm run json-schema` writes the files; a test fails when they are stale.
 */
import { z } from 'zod';
import { type WebhookEventType, webhookEventCategories } from '../events/event-types';
import { attributionSchema, attributionTouchSchema } from '../schemas/attribution';
import { envelopeSchema, webhookEventSchema, webhookEventSchemas } from '../schemas/events';
import { jsonValueSchema, productLineItemSchema } from '../schemas/fields';
import { eventJsonSchemaName, type JsonSchema } from './names';

const eventTypes = Object.keys(webhookEventCategories) as WebhookEventType[];

/** The schemas several events share, each written once under `$defs` and referenced by name. */
const sharedSchemas: readonly (readonly [z.ZodType, string])[] = [
  [attributionSchema, 'Attribution'],
  [attributionTouchSchema, 'AttributionTouch'],
  [jsonValueSchema, 'JsonValue'],
  [productLineItemSchema, 'ProductLineItem'],
];

/** The names of the shared schemas, and of each event's schema when `withEvents`. */
function schemaNames(withEvents: boolean) {
  const names = z.registry<{ id: string }>();
  for (const [schema, id] of sharedSchemas) names.add(schema, { id });
  if (withEvents)
    for (const type of eventTypes) names.add(webhookEventSchemas[type], { id: eventJsonSchemaName(type) });
  return names;
}

/**
 * `JsonValue` as `{}`, which JSON Schema reads as any JSON value: the same set as the recursive
 * union zod writes for `z.json()`, which code generators (quicktype) recurse into without end.
 */
function anyJsonValue(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  if (ctx.zodSchema !== jsonValueSchema) return;
  for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
  ctx.jsonSchema.description = 'Any JSON value.';
}

/**
 * A zod schema as JSON Schema. `io: 'input'` describes what the zod schema accepts, which is what
 * a receiver validates a body it got against.
 */
function toJsonSchema(schema: z.ZodType, withEvents: boolean): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'input',
    unrepresentable: 'throw',
    metadata: schemaNames(withEvents),
    override: anyJsonValue,
  }) as JsonSchema;
}

const generated = 'Generated from the zod schemas of @affiliate-commerce/webhook-verify. Do not edit.';

/** Any v2 payload: one branch per public event type, each event's schema under `$defs`. */
function webhookEventDocument(): JsonSchema {
  const { $schema, oneOf, $defs } = toJsonSchema(webhookEventSchema, true) as {
    $schema: string;
    oneOf: JsonSchema[];
    $defs: Record<string, JsonSchema>;
  };
  // Events in dictionary order, then the shared schemas by name: zod lists them as it meets them.
  const names = [...eventTypes.map(eventJsonSchemaName), ...sharedSchemas.map(([, name]) => name).sort()];
  return {
    $schema,
    title: 'WebhookEvent',
    description:
      'A v2 webhook payload: the envelope, the patient-identity block and the allowlisted fields of its ' +
      'event type, told apart by `event_type`. Fields are additive within an `api_version`, so objects ' +
      'accept keys they do not list.',
    $comment: generated,
    oneOf,
    $defs: Object.fromEntries(names.map((name) => [name, $defs[name]])),
  };
}

/** The envelope alone, for any event type. */
function envelopeDocument(): JsonSchema {
  const { $schema, ...schema } = toJsonSchema(envelopeSchema, false);
  return {
    $schema,
    title: 'WebhookEnvelope',
    description: 'The envelope of every v2 webhook payload, whatever its event type.',
    $comment: generated,
    ...schema,
  };
}

/**
 * One event's schema on its own, as zod writes it: the shared schemas it uses under its `$defs`.
 * The published ones are read from the generated document instead; a test checks they agree.
 */
export function standaloneEventJsonSchema(type: WebhookEventType): JsonSchema {
  return toJsonSchema(webhookEventSchemas[type], false);
}

/** A generated file: where it goes and its text. */
export interface GeneratedFile {
  readonly url: URL;
  readonly text: string;
}

const folder = new URL('../../json-schema/', import.meta.url);

/** The files of `packages/webhook-verify/json-schema/`, as they should read. */
export function jsonSchemaFiles(): readonly GeneratedFile[] {
  const file = (name: string, document: JsonSchema): GeneratedFile => ({
    url: new URL(name, folder),
    text: `${JSON.stringify(document, null, 2)}\n`,
  });
  return [
    file('webhook-event.schema.json', webhookEventDocument()),
    file('webhook-envelope.schema.json', envelopeDocument()),
  ];
}
