import { readFileSync } from 'node:fs';
import {
  edgeHttpTable,
  httpContract,
  httpTables,
  type ServeAdapter,
  type TestService,
  testService,
  testTokens,
} from '@affiliate-commerce/testkit';
import { describe, expect, it } from 'vitest';
import { openApiPath } from '../../../../scripts/openapi-document';
import { maxJsonBodyBytes } from '../http/input';
import type { AnyRoute } from '../http/route';
import { errorEnvelopeSchema } from '../http/schemas';
import type { RateLimiter } from '../ports/rate-limit/rate-limiter';
import { createPathMatcher } from './path-matcher';
import { maxPathParamLength } from './path-params';
import { routes } from './routes';

interface ResponseObject {
  readonly $ref?: string;
  readonly headers?: Record<string, unknown>;
  readonly content?: Record<string, { readonly schema?: unknown }>;
}

interface Document {
  readonly paths: Record<
    string,
    Record<string, { readonly operationId: string; readonly responses: Record<string, ResponseObject> }>
  >;
  readonly components: { readonly responses: Record<string, ResponseObject> };
}

/** The document as it ships: what a client generator reads. */
const document = JSON.parse(readFileSync(openApiPath, 'utf8')) as Document;
const match = createPathMatcher(routes);
/** Headers the kernel itself sets and the document describes. */
const kernelHeaders = [
  'allow',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

function resolve(response: ResponseObject): ResponseObject {
  if (response.$ref === undefined) return response;
  return document.components.responses[response.$ref.replace('#/components/responses/', '')]!;
}

/** The documented response's headers are exactly the kernel headers the answer carries. */
async function expectAnswer(response: Response, documented: ResponseObject, where: string): Promise<void> {
  const { headers = {}, content } = resolve(documented);
  const listed = Object.keys(headers).map((name) => name.toLowerCase());
  const sent = kernelHeaders.filter((name) => response.headers.has(name));
  expect(sent, `${where}: headers`).toEqual(kernelHeaders.filter((name) => listed.includes(name)));
  if (response.status >= 400) {
    expect(content, where).toEqual({
      'application/json': { schema: { $ref: '#/components/schemas/Error' } },
    });
    expect(errorEnvelopeSchema.safeParse(await response.clone().json()).success, where).toBe(true);
  }
}

/**
 * Fails unless docs/openapi.json lists the answer: its status under the operation the kernel
 * routed to (or, for a method the path does not serve, the 405 of the document's description),
 * with the kernel headers it carries.
 */
async function expectDocumented(request: Request, response: Response, prefix = ''): Promise<void> {
  const path = new URL(request.url).pathname.slice(prefix.length) || '/';
  const where = `${request.method} ${path} answered ${response.status}`;
  const candidates = match(path);
  if (candidates.length === 0) {
    expect(response.status, where).toBe(404);
    return;
  }
  const pathItem = document.paths[candidates[0]!.route.path]!;
  const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
  const operation = pathItem[method];
  if (operation === undefined) {
    if (method === 'options' && candidates.some(({ route }) => route.cors)) {
      expect(response.status, where).toBe(204);
      return;
    }
    expect(response.status, where).toBe(405);
    expect(response.headers.get('allow')?.split(', ').sort(), where).toEqual(
      Object.keys(pathItem)
        .map((name) => name.toUpperCase())
        .sort(),
    );
    await expectAnswer(response, { $ref: '#/components/responses/MethodNotAllowed' }, where);
    return;
  }
  const documented = operation.responses[response.status];
  expect(documented, `${where}, which ${operation.operationId} does not list`).toBeDefined();
  await expectAnswer(response, documented!, `${where} (${operation.operationId})`);
}

const serveDocumented: ServeAdapter = async (service, prefix) => ({
  send: async (request) => {
    const response = await service.handle(request, { basePath: prefix });
    await expectDocumented(request, response, prefix);
    return response;
  },
  close: async () => {},
});

httpContract('docs/openapi.json lists every answer of the HTTP tables', serveDocumented, [
  ...httpTables,
  edgeHttpTable,
]);

/** A token the route lets through, so the answer is the route's own. */
function tokenFor(route: AnyRoute): string | undefined {
  if (route.access.kind === 'public') return undefined;
  if (route.access.kind === 'master') return testTokens.master;
  const roles: readonly string[] = route.access.roles;
  if (roles.includes('affiliate_super_admin')) return testTokens.superAdmin;
  return roles.includes('affiliate_admin') ? testTokens.admin : testTokens.agent;
}

/** A limiter whose budget is always spent. */
const spent: RateLimiter = {
  consume: async () => ({
    allowed: false,
    limit: 10,
    remaining: 0,
    resetAt: new Date('2026-11-23T10:01:00Z'),
    retryAfterSeconds: 60,
  }),
};

interface Probe {
  readonly method?: string;
  readonly token?: string;
  readonly id?: string;
  readonly query?: string;
  readonly body?: string;
  readonly contentType?: string;
}

describe('docs/openapi.json lists every answer the kernel gives on each route', () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const probe = async (service: TestService, { method = route.method, id = 'x', ...rest }: Probe) => {
        const request = new Request(
          `http://api.test${route.path.replace(/\{\w+\}/g, id)}${rest.query ?? ''}`,
          {
            method,
            headers: {
              ...(rest.token ? { authorization: `Bearer ${rest.token}` } : {}),
              ...(rest.body === undefined ? {} : { 'content-type': rest.contentType ?? 'application/json' }),
            },
            body: rest.body,
          },
        );
        const response = await service.handle(request);
        await expectDocumented(request, response);
        return response.status;
      };
      const service = testService();
      const token = tokenFor(route);
      // Access: no token, and every kind of token.
      for (const caller of [undefined, ...Object.values(testTokens)]) await probe(service, { token: caller });
      if (route.path.includes('{')) {
        for (const id of ['%ZZ', 'a%00b', 'x'.repeat(maxPathParamLength + 1)]) {
          expect(await probe(service, { token, id })).toBe(404);
        }
      }
      if ((route.bodyKind ?? (route.body ? 'json' : 'none')) === 'json') {
        const limit = route.bodyLimitBytes ?? maxJsonBodyBytes;
        expect(await probe(service, { token, body: `"${'x'.repeat(limit)}"` })).toBe(413);
        expect(await probe(service, { token, body: '{' })).toBe(422);
        expect(await probe(service, { token, body: '{}', contentType: 'text/plain' })).toBe(422);
      }
      if (route.query && !route.allowNul) expect(await probe(service, { token, query: '?q=%00' })).toBe(422);
      if (route.rateLimit) expect(await probe(testService({ rateLimiter: spent }), { token })).toBe(429);
      // Methods the path does not serve (405), HEAD as GET, OPTIONS (405, or a CORS preflight).
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        await probe(service, { token, method });
      }
    },
  );
});
