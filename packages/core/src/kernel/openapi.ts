import type { z } from 'zod';
import type { AnyRoute } from '../http/route';
import { errorEnvelopeSchema } from '../http/schemas';
import { headerComponents, operationResponses, responseComponents } from './openapi-responses';
import { jsonSchema, objectFields } from './openapi-schema';
import { webhookOperations, webhookSchemaComponents, webhookSecuritySchemes } from './openapi-webhooks';
import { maxPathParamLength } from './path-params';

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  const fields = schema && objectFields(schema);
  if (!fields) return [];
  return Object.entries(fields.properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || fields.required.includes(name),
    schema: property,
  }));
}

function operation(route: AnyRoute) {
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
    responses: operationResponses(route),
  };
}

/**
 * What holds for every path. The 405 is here because an operation's responses are what that
 * method answers, and OpenAPI has no slot on a path for the methods it lacks.
 */
function description(routes: readonly AnyRoute[]): string {
  return [
    'Generated from the route table of @affiliate-commerce/core. Do not edit by hand.',
    '',
    'Every error answer is the `Error` envelope. A path outside this document answers 404 NOT_FOUND, ' +
      `and so does a path id that cannot name a record (a malformed escape, a NUL, over ${maxPathParamLength} characters). ` +
      'A method a path does not serve answers 405 METHOD_NOT_ALLOWED, with an `Allow` header naming ' +
      "the path's methods (`#/components/responses/MethodNotAllowed`); HEAD is answered as GET." +
      (routes.some((route) => route.cors)
        ? ' OPTIONS on the path of a CORS route is its preflight, answered 204.'
        : ''),
    '',
    '`webhooks` lists what a v2 webhook receives, one entry per subscribable event type, with an ' +
      'example body. Their schemas are generated from the zod schemas of ' +
      '@affiliate-commerce/webhook-verify, which also publishes them as JSON Schema.',
  ].join('\n');
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
      description: description(routes),
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, ...webhookSecuritySchemes },
      schemas: { Error: jsonSchema(errorEnvelopeSchema, 'output'), ...webhookSchemaComponents() },
      headers: headerComponents,
      responses: responseComponents,
    },
    paths,
    webhooks: webhookOperations(),
  };
}
