import { readFileSync } from 'node:fs';
import { okAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openApiDocument, openApiPath } from '../../../../scripts/openapi-document';
import { errorStatus } from '../base/errors';
import { maxJsonBodyBytes } from '../http/input';
import { type AnyRoute, defineRoute } from '../http/route';
import { allRoles } from '../ports/auth';
import { generateOpenApi } from './openapi';
import { maxPathParamLength } from './path-params';
import { routes } from './routes';

interface ResponseObject {
  readonly $ref?: string;
  readonly description?: string;
  readonly headers?: Record<string, unknown>;
  readonly content?: Record<string, { schema?: unknown }>;
}

interface Document {
  readonly info: { readonly description: string };
  readonly paths: Record<string, Record<string, { responses: Record<string, ResponseObject> }>>;
  readonly components: {
    readonly responses: Record<string, ResponseObject>;
    readonly headers: Record<string, unknown>;
  };
}

const documentOf = (table: readonly AnyRoute[]) =>
  generateOpenApi(table, { version: 'test' }) as unknown as Document;

describe('OpenAPI document', () => {
  it('docs/openapi.json is generated from the current route table (run `npm run openapi` when this fails)', () => {
    const checkedIn = JSON.parse(readFileSync(openApiPath, 'utf8'));
    expect(checkedIn).toEqual(openApiDocument());
  });

  it('documents every route with its roles, parameters and error answers', () => {
    const document = generateOpenApi(routes, { version: 'test' }) as {
      paths: Record<
        string,
        Record<
          string,
          {
            operationId: string;
            responses: Record<string, unknown>;
            parameters: { name: string; in: string }[];
          }
        >
      >;
    };
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation?.operationId).toBe(route.operationId);
      for (const status of Object.keys(route.responses)) expect(operation?.responses).toHaveProperty(status);
      if (route.access.kind !== 'public') expect(operation?.responses).toHaveProperty('401');
    }
    const setRenewal = document.paths['/v2/ecommerceSubscriptions/{id}/actions/setRenewalDate']!.put!;
    expect(setRenewal.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    expect(Object.keys(setRenewal.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '404',
      '413',
      '422',
      '500',
      '503',
    ]);
  });

  it('documents a 422 only where input can be refused: not for path ids the kernel answers 404 for, nor for a query that takes anything', () => {
    const document = generateOpenApi(routes, { version: 'test' }) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);
    // Path ids that are any non-empty string; a storefront query whose junk is dropped, never refused (docs/api.md §8.2).
    expect(statuses('/v2/ecommerceSubscriptions/{id}', 'get')).not.toContain('422');
    expect(statuses('/v2/journeyTemplates/{slug}/frontend', 'get')).not.toContain('422');
    // An id capped at the kernel's own limit: a longer one is 404 before validation.
    expect(statuses('/v2/webhooks/{id}', 'get')).not.toContain('422');
    expect(statuses('/v2/cases/{id}', 'get')).not.toContain('422');
    // A constrained query, a body: each can be refused.
    expect(statuses('/v2/webhooks/{id}/deliveries', 'get')).toContain('422');
    expect(statuses('/v2/webhooks', 'post')).toContain('422');
  });

  it('documents a 422 for a path id tighter than the kernel limit, and for a query that refuses NUL', () => {
    const shaped = (shape: Partial<AnyRoute>): AnyRoute =>
      defineRoute({
        method: 'GET',
        path: '/things/{id}',
        operationId: 'getThing',
        summary: 'A thing.',
        tags: [],
        access: { kind: 'public' },
        responses: { 200: { description: 'The thing.' } },
        errors: [],
        handle: () => okAsync({ status: 200, body: {} }),
        ...shape,
      });
    const statuses = (route: AnyRoute) =>
      Object.keys(documentOf([route]).paths['/things/{id}']!.get!.responses);
    expect(
      statuses(shaped({ params: z.object({ id: z.string().min(1).max(maxPathParamLength) }) })),
    ).not.toContain('422');
    expect(statuses(shaped({ params: z.object({ id: z.string().max(20) }) }))).toContain('422');
    const anything = z.object({ q: z.string().optional() });
    expect(statuses(shaped({ query: anything, allowNul: true }))).not.toContain('422');
    expect(statuses(shaped({ query: anything }))).toContain('422');
  });

  it('documents the route limit of a JSON body in its 413', () => {
    const route = defineRoute({
      method: 'POST',
      path: '/things',
      operationId: 'createThing',
      summary: 'A thing.',
      tags: [],
      access: { kind: 'public' },
      body: z.object({ name: z.string() }),
      bodyLimitBytes: 4096,
      responses: { 201: { description: 'The thing.' } },
      errors: [],
      handle: () => okAsync({ status: 201, body: {} }),
    });
    const { responses } = documentOf([route]).paths['/things']!.post!;
    expect(responses['413']).toMatchObject({ description: expect.stringContaining('4096 bytes') });
  });

  it('every operationId is unique', () => {
    const ids = routes.map((route) => route.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('OpenAPI document: every route lists the answers its shape implies', () => {
  const document = documentOf(routes);
  const resolve = (response: ResponseObject): ResponseObject =>
    response.$ref
      ? document.components.responses[response.$ref.replace('#/components/responses/', '')]!
      : response;
  const limitHeaders = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
    const { responses } = document.paths[route.path]![route.method.toLowerCase()]!;
    const statuses = Object.keys(responses).map(Number);
    const readsJson = (route.bodyKind ?? (route.body ? 'json' : 'none')) === 'json';
    const accessStatuses = new Set<number>();
    if (route.access.kind !== 'public') accessStatuses.add(401);
    if (route.access.kind === 'affiliate') accessStatuses.add(400);
    if (
      route.access.kind === 'master' ||
      (route.access.kind === 'affiliate' && route.access.roles.length < allRoles.length)
    )
      accessStatuses.add(403);

    for (const status of accessStatuses) expect(statuses).toContain(status);
    for (const code of route.errors) expect(statuses).toContain(errorStatus[code]);
    if (route.path.includes('{')) expect(statuses).toContain(404);
    if (readsJson) {
      expect(statuses).toEqual(expect.arrayContaining([413, 422]));
      expect(resolve(responses['413']!).description).toContain(
        `${route.bodyLimitBytes ?? maxJsonBodyBytes} bytes`,
      );
    } else if (!route.errors.includes('PAYLOAD_TOO_LARGE')) {
      expect(statuses).not.toContain(413);
    }
    // No route answers 405: that is the path's answer to a method it does not serve.
    expect(statuses).not.toContain(405);
    expect(responses['500']).toEqual({ $ref: '#/components/responses/InternalError' });
    // Storage out of reach: 503 with Retry-After on every route (the kernel answers it, like the 500).
    expect(responses['503']).toMatchObject({ $ref: '#/components/responses/StorageUnavailable' });
    const outageAnswers = new Set(['500', '503']);

    if (route.rateLimit) {
      expect(responses['429']).toMatchObject({ $ref: '#/components/responses/RateLimited' });
      // Answers past the access checks carry the limiter's headers, 2xx included.
      for (const [status, response] of Object.entries(responses)) {
        if (accessStatuses.has(Number(status)) || outageAnswers.has(status)) continue;
        expect(Object.keys(resolve(response).headers ?? {}), status).toEqual(
          expect.arrayContaining(limitHeaders),
        );
      }
    } else {
      expect(statuses).not.toContain(429);
      for (const [status, response] of Object.entries(responses))
        if (status !== '503') expect(resolve(response).headers).toBeUndefined();
    }
    // Every error answer is the documented envelope.
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) < 400) continue;
      expect(resolve(response).content, status).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/Error' } },
      });
    }
  });

  it('describes the 503 of a storage outage once, with Retry-After', () => {
    expect(Object.keys(document.components.responses.StorageUnavailable!.headers ?? {})).toEqual([
      'Retry-After',
    ]);
  });

  it('describes the 405 of a path once, with its Allow header, and the 429 with Retry-After and X-RateLimit-*', () => {
    expect(document.info.description).toMatch(/405 METHOD_NOT_ALLOWED.*`Allow`.*MethodNotAllowed/);
    expect(Object.keys(document.components.responses.MethodNotAllowed!.headers ?? {})).toEqual(['Allow']);
    expect(Object.keys(document.components.responses.RateLimited!.headers ?? {}).sort()).toEqual(
      ['Retry-After', ...limitHeaders].sort(),
    );
    for (const name of ['Allow', 'Retry-After', ...limitHeaders]) {
      expect(document.components.headers[name]).toMatchObject({ required: true });
    }
  });
});
