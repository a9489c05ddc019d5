import { z } from 'zod';
import { namedSchemas } from '../http/schemas';

/** A JSON Schema object as it appears in the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema for the OpenAPI document, without the `$schema` line (OpenAPI 3.1
 * states the dialect once, for the whole document), and with the schemas of `namedSchemas` as
 * references to their components.
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const {
    $schema: _ignored,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: 'any', override: asReference }) as JsonSchema;
  // A named schema is a reference now; what zod set aside for its inside is nobody's any more.
  return $defs !== undefined && JSON.stringify(rest).includes('"#/$defs/') ? { ...rest, $defs } : rest;
}

/** A schema of {@link namedSchemas} as a reference to its component. */
function asReference(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const named = namedSchemas.get(context.zodSchema as z.ZodType);
  if (named === undefined) return;
  for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
  context.jsonSchema.$ref = `#/components/schemas/${named.component}`;
}

/** The properties and required names of an object schema; undefined for any other schema. */
export function objectFields(
  schema: z.ZodType,
): { readonly properties: Record<string, JsonSchema>; readonly required: readonly string[] } | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return { properties: object.properties ?? {}, required: object.required ?? [] };
}
