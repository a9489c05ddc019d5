import { testService, testTokens } from '@affiliate-commerce/testkit';
import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { notFound, StorageUnavailableError } from '../base/errors';
import { type AnyRoute, defineRoute } from '../http/route';
import { flexibleRateLimiter } from '../ports/rate-limit/flexible-rate-limiter';
import { staticTokenAuth } from '../ports/static-auth';
import { createKernel, type KernelPorts } from './kernel';
import { maxPathParamLength } from './path-params';
import { responseText } from './reply';
import { routes } from './routes';

const echo = defineRoute({
  method: 'POST',
  path: '/echo/{id}',
  operationId: 'echo',
  summary: 'Echoes what the handler received.',
  tags: [],
  access: { kind: 'public' },
  params: z.object({ id: z.string() }),
  body: z.unknown(),
  bodyLimitBytes: 16,
  responses: { 200: { description: 'What the handler received.' } },
  errors: [],
  handle: ({ params, body, remoteAddress }) =>
    okAsync({ status: 200, body: { id: params.id, body, remoteAddress: remoteAddress ?? null } }),
});

const secret = defineRoute({
  method: 'GET',
  path: '/secret',
  operationId: 'secret',
  summary: 'A secret, or 404 when asked with ?missing.',
  tags: [],
  access: { kind: 'public' },
  secret: true,
  responses: { 200: { description: 'The secret.' } },
  errors: ['NOT_FOUND'],
  handle: ({ request }) =>
    new URL(request.url).searchParams.has('missing')
      ? errAsync(notFound('secret'))
      : okAsync({ status: 200, body: { secret: 's3cr3t' } }),
});

const failing = defineRoute({
  method: 'GET',
  path: '/boom',
  operationId: 'boom',
  summary: 'Throws.',
  tags: [],
  access: { kind: 'public' },
  responses: {},
  errors: [],
  handle: () => {
    throw new Error('boom');
  },
});

const redirect = defineRoute({
  method: 'GET',
  path: '/moved',
  operationId: 'moved',
  summary: 'Answers a response with immutable headers.',
  tags: [],
  access: { kind: 'public' },
  responses: { 302: { description: 'Elsewhere.' } },
  errors: [],
  handle: () => okAsync(Response.redirect('https://example.com/', 302)),
});

function kernel(table: readonly AnyRoute[] = [echo, secret, failing, redirect]) {
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const handle = createKernel(table, { ...testService().deps, logger });
  return { handle, logger };
}

function streamOf(chunks: readonly string[], options: { failAfter?: boolean } = {}) {
  const encoded = chunks.map((chunk) => new TextEncoder().encode(chunk));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = encoded.shift();
      if (next) controller.enqueue(next);
      else if (options.failAfter) controller.error(new Error('connection reset'));
      else controller.close();
    },
  });
}

const post = (path: string, body: ReadableStream<Uint8Array> | string) =>
  new Request(`http://api.test${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);

/** A public storefront-like route whose storage is out of reach. */
const unreachable = defineRoute({
  method: 'GET',
  path: '/unreachable',
  operationId: 'unreachable',
  summary: 'Reads storage that cannot be reached.',
  tags: [],
  access: { kind: 'public' },
  cors: true,
  responses: { 200: { description: 'Never.' } },
  errors: [],
  handle: () =>
    ResultAsync.fromSafePromise<never>(
      Promise.reject(new StorageUnavailableError('PostgreSQL is unavailable')),
    ),
});

describe('kernel: what it is given', () => {
  /** A table of someone else's: its handlers need a greeting, not core's storage. */
  interface GreetingDeps extends KernelPorts {
    readonly greeting: string;
  }
  const greet: AnyRoute<GreetingDeps> = {
    method: 'GET',
    path: '/hello/{name}',
    operationId: 'hello',
    summary: 'Greets by name.',
    tags: [],
    access: { kind: 'affiliate', roles: ['affiliate_agent'] },
    params: z.object({ name: z.string() }),
    rateLimit: { bucket: 'hello' },
    responses: { 200: { description: 'A greeting.' } },
    errors: [],
    handle: ({ params, deps, actor }) =>
      okAsync({
        status: 200,
        body: { text: `${deps.greeting}, ${params.name}`, affiliate: actor?.affiliateId },
      }),
  };
  const deps: GreetingDeps = {
    auth: staticTokenAuth({ tok: { userId: 'u1', affiliateId: 'a1', roles: ['affiliate_agent'] } }),
    rateLimiter: flexibleRateLimiter({ buckets: { hello: { points: 1, durationSeconds: 60 } } }),
    logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() },
    greeting: 'Hello',
  };

  it('serves a table with only its ports (auth, rate limit, logger) and hands the rest to handlers', async () => {
    const handle = createKernel([greet], deps);
    const call = () =>
      handle(new Request('http://api.test/hello/ada', { headers: { authorization: 'Bearer tok' } }));
    const first = await call();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ text: 'Hello, ada', affiliate: 'a1' });
    expect((await call()).status).toBe(429);
    expect((await handle(new Request('http://api.test/hello/ada'))).status).toBe(401);
  });
});

describe('kernel: storage outage', () => {
  it('answers 503 STORAGE_UNAVAILABLE with Retry-After and the route’s CORS headers, and warns once for many', async () => {
    const { handle, logger } = kernel([unreachable, failing]);
    const request = () =>
      new Request('http://api.test/unreachable', { headers: { origin: 'https://shop.test' } });
    const answers = await Promise.all(Array.from({ length: 5 }, () => handle(request())));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer.headers.get('access-control-allow-origin')).not.toBeNull();
      expect(await answer.json()).toEqual({
        success: false,
        error: { code: 'STORAGE_UNAVAILABLE', message: expect.stringContaining('Retry-After') },
      });
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[1]).toMatchObject({ event: 'http.storage_unavailable' });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('any other failure stays a 500 with its cause logged', async () => {
    const { handle, logger } = kernel([unreachable, failing]);
    expect((await handle(new Request('http://api.test/boom'))).status).toBe(500);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('kernel: remoteAddress', () => {
  it('reaches the handler when the adapter passes it', async () => {
    const { handle } = kernel();
    const response = await handle(post('/echo/a', '1'), { remoteAddress: '198.51.100.4' });
    expect(await response.json()).toEqual({ id: 'a', body: 1, remoteAddress: '198.51.100.4' });
  });

  it('is undefined when the adapter passes none', async () => {
    const { handle } = kernel();
    expect(await (await handle(post('/echo/a', '1'))).json()).toMatchObject({ remoteAddress: null });
  });
});

describe('kernel: body limits per route', () => {
  it('reads a chunked body up to the route limit', async () => {
    const { handle } = kernel();
    const response = await handle(post('/echo/a', streamOf(['"0123456', '789abc"'])));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ body: '0123456789abc' });
  });

  it('answers 413 once a chunked body passes the route limit', async () => {
    const { handle } = kernel();
    const response = await handle(post('/echo/a', streamOf(['"0123456789', 'abcdef"'])));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'body is larger than the limit of 16 bytes.',
        field: 'body',
      },
    });
  });

  it('answers 422, not 500, for a body that breaks off, and logs nothing as an error', async () => {
    const { handle, logger } = kernel();
    const response = await handle(post('/echo/a', streamOf(['"01'], { failAfter: true })));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: 'INVALID_FIELD', message: 'body could not be read completely.' },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('refuses a table whose body limit is not a positive whole number of bytes', () => {
    for (const bodyLimitBytes of [0, -1, 1.5, Number.NaN]) {
      expect(() => kernel([{ ...echo, bodyLimitBytes }])).toThrow(
        /^@affiliate-commerce\/core: route echo has bodyLimitBytes/,
      );
    }
    expect(() => kernel([{ ...failing, bodyLimitBytes: 1024 }])).toThrow(
      /has bodyLimitBytes but no JSON body/,
    );
  });
});

describe('kernel: headers', () => {
  it.each([
    ['a 200', new Request('http://api.test/secret'), 200],
    ['a 404 outside the table', new Request('http://api.test/nothing'), 404],
    ['a 405', new Request('http://api.test/secret', { method: 'DELETE' }), 405],
    ['a 500', new Request('http://api.test/boom'), 500],
    ['a response with immutable headers', new Request('http://api.test/moved'), 302],
  ])('says nosniff on %s', async (_name, request, status) => {
    const { handle } = kernel();
    const response = await handle(request);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('marks every answer of a secret route no-store, errors included', async () => {
    const { handle } = kernel();
    for (const path of ['/secret', '/secret?missing']) {
      expect((await handle(new Request(`http://api.test${path}`))).headers.get('cache-control')).toBe(
        'no-store',
      );
    }
    expect((await handle(post('/echo/a', '1'))).headers.get('cache-control')).toBeNull();
  });
});

/** A token the route lets through, so the answer is the route's own. */
function tokenFor(route: AnyRoute): string | undefined {
  if (route.access.kind === 'public') return undefined;
  if (route.access.kind === 'master') return testTokens.master;
  const roles: readonly string[] = route.access.roles;
  if (roles.includes('affiliate_super_admin')) return testTokens.superAdmin;
  return roles.includes('affiliate_admin') ? testTokens.admin : testTokens.agent;
}

describe('kernel: path ids, one rule on every route', () => {
  const withParams = routes.filter((route) => route.path.includes('{'));

  it.each(withParams.map((route) => [`${route.method} ${route.path}`, route] as const))(
    `%s: an id over ${maxPathParamLength} characters, a malformed escape or a NUL is 404 after the access check`,
    async (_name, route) => {
      const service = testService();
      for (const id of ['x'.repeat(maxPathParamLength + 1), '%ZZ', '%C0%AF', 'a%00b']) {
        const path = route.path.replace(/\{\w+\}/g, id);
        const token = tokenFor(route);
        const headers = token ? { authorization: `Bearer ${token}` } : undefined;
        const response = await service.handle(
          new Request(`http://api.test${path}`, { method: route.method, headers }),
        );
        expect({ id, status: response.status, json: await response.json() }).toEqual({
          id,
          status: 404,
          json: { success: false, error: { code: 'NOT_FOUND', message: 'The record was not found.' } },
        });
        if (token) {
          const anonymous = await service.handle(
            new Request(`http://api.test${path}`, { method: route.method }),
          );
          expect(anonymous.status).toBe(401);
        }
      }
    },
  );
});

describe('textBodies: answers for an adapter that writes the text itself', () => {
  const read = () =>
    new Request('http://localhost/v2/webhooks/whk_missing', {
      headers: { authorization: `Bearer ${testTokens.superAdmin}` },
    });

  it('leaves a JSON answer without a body stream, its text in responseText, status and headers kept', async () => {
    const service = testService();
    const plain = await service.handle(read());
    const text = await service.handle(read(), { textBodies: true });
    expect(text.body).toBeNull();
    expect(text.status).toBe(plain.status);
    expect([...text.headers]).toEqual([...plain.headers]);
    expect(responseText(text)).toBe(await plain.text());
    expect(JSON.parse(responseText(text)!)).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('without it, every JSON answer has a body a fetch runtime can send', async () => {
    const response = await testService().handle(read());
    expect(response.body).not.toBeNull();
    expect(await response.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('keeps the body of an answer that is not JSON text (a streamed export)', async () => {
    const streamed = defineRoute({
      method: 'GET',
      path: '/export',
      operationId: 'export',
      summary: 'An export',
      tags: [],
      access: { kind: 'public' },
      responses: { 200: { description: 'A CSV file.' } },
      errors: [],
      handle: () => okAsync(new Response('id,amount\n', { headers: { 'content-type': 'text/csv' } })),
    });
    const service = testService();
    const handle = createKernel([streamed as AnyRoute], service.deps);
    const response = await handle(new Request('http://localhost/export'), { textBodies: true });
    expect(responseText(response)).toBeUndefined();
    expect(await response.text()).toBe('id,amount\n');
  });
});
