import { z } from 'zod';
import { errorStatus } from '../errors';
import type { AnyRoute } from './route';
import { errorEnvelopeSchema } from './schemas';

type JsonSchema = Record<string, unknown>;

const errorRef = { $ref: '#/components/schemas/Error' };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!(schema instanceof z.ZodObject)) return [];
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

/**
 * Whether path or query input can be refused at all. A path segment is never empty (and one
 * that names nothing, see `decodePathParams`, answers 404), and a query value is always a
 * string, so fields that are plain strings (non-empty for a path, optional for a query) can
 * never fail: such routes document no 422.
 */
function inputCanFail(schema: z.ZodType, where: 'path' | 'query'): boolean {
  if (!(schema instanceof z.ZodObject)) return true;
  const object = jsonSchema(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  if (where === 'query' && (object.required ?? []).length > 0) return true;
  const freeLength = where === 'path' ? 1 : 0;
  return Object.values(object.properties ?? {}).some(({ description: _text, type, minLength, ...rest }) => {
    const constrained = typeof minLength === 'number' && minLength > freeLength;
    return type !== 'string' || constrained || Object.keys(rest).length > 0;
  });
}

function impliedErrors(route: AnyRoute): Record<number, string> {
  const implied: Record<number, string> = {};
  if (route.access.kind !== 'public') implied[401] = 'Bearer token missing or invalid.';
  if (route.access.kind === 'affiliate') {
    implied[400] = 'The token has no affiliate context.';
    if (route.access.roles.length < 3)
      implied[403] = `Role not allowed; allowed: ${route.access.roles.join(', ')}.`;
  }
  if (route.access.kind === 'master') implied[403] = 'Only the master token may call this endpoint.';
  const pathCanFail = route.params !== undefined && inputCanFail(route.params, 'path');
  const queryCanFail = route.query !== undefined && inputCanFail(route.query, 'query');
  if (pathCanFail || queryCanFail || route.body)
    implied[422] = 'A field is missing or invalid (INVALID_FIELD).';
  for (const code of route.errors) implied[errorStatus[code]] ??= code;
  return implied;
}

function operation(route: AnyRoute) {
  const responses: Record<string, unknown> = {};
  for (const [status, description] of Object.entries(impliedErrors(route))) {
    responses[status] = { description, content: { 'application/json': { schema: errorRef } } };
  }
  for (const [status, doc] of Object.entries(route.responses)) {
    const schema =
      doc.schema === errorEnvelopeSchema ? errorRef : doc.schema && jsonSchema(doc.schema, 'output');
    responses[status] = {
      description: doc.description,
      ...(schema ? { content: { [doc.contentType ?? 'application/json']: { schema } } } : {}),
    };
  }
  const body = route.body
    ? {
        // A body that may be left out (checkHealth's optional override) is not required.
        required: !route.body.safeParse(undefined).success,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      }
    : route.bodyDoc
      ? {
          required: true,
          content: { [route.bodyDoc.contentType]: { schema: jsonSchema(route.bodyDoc.schema, 'input') } },
        }
      : undefined;
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [...route.tags],
    ...(route.access.kind === 'public' ? { security: [] } : { security: [{ bearer: [] }] }),
    ...(route.access.kind === 'affiliate' ? { 'x-roles': [...route.access.roles] } : {}),
    ...(route.access.kind === 'master' ? { 'x-roles': ['master'] } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of a route table (docs/openapi.json is this, for the service's routes).
 *
 * @example
 * const document = generateOpenApi(service.routes, { version: '0.1.0' });
 */
export function generateOpenApi(
  routes: readonly AnyRoute[],
  info: { version: string },
): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Affiliate commerce, support-case and webhook API',
      version: info.version,
      description: 'Generated from the route table of @affiliate-commerce/core. Do not edit by hand.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorEnvelopeSchema, 'output') },
    },
    paths,
  };
}
