import { z } from 'zod';

/** A JSON Schema object as it appears in the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as JSON Schema for the OpenAPI document, without the `$schema` line (OpenAPI 3.1
 * states the dialect once, for the whole document).
 */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
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
