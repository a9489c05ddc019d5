import { err, ok, type Result } from 'neverthrow';
import type { z } from 'zod';
import {
  type DomainError,
  invalidField,
  isStorageUnavailable,
  methodNotAllowed,
  notFound,
  rateLimited,
  storageUnavailable,
} from '../base/errors';
import { validate } from '../base/validate';
import type { CorsOrigins } from '../deps/cors-origins';
import { queryObject, readJsonBody } from '../http/input';
import type { AnyRoute, BodyKind, RouteResult } from '../http/route';
import { type AuthPort, isMaster } from '../ports/auth';
import type { Logger } from '../ports/logger';
import { type RateLimiter, rateLimitHeaders } from '../ports/rate-limit/rate-limiter';
import { type RequestWatch, watchRequest } from '../ports/telemetry/request-telemetry';
import { checkAccess, type Granted } from './access';
import { noRoute } from './api-paths';
import { assertCorsRoutes, corsHeaders, corsPreflight } from './cors';
import { createPathMatcher, type PathMatch } from './path-matcher';
import { decodePathParams } from './path-params';
import { bodiedReplies, type Replies, textReplies, withHeaders } from './reply';

/**
 * What the kernel itself calls: the caller's access, rate limits, CORS, the client a public
 * call is counted against, and the logger. Whatever else it is given, it hands to handlers as
 * `deps` untouched.
 */
export interface KernelPorts {
  readonly auth: AuthPort;
  readonly rateLimiter: RateLimiter;
  /** Origins allowed to call routes marked `cors`; default `'*'`. */
  readonly corsOrigins?: CorsOrigins;
  /** The client a public route's rate limit counts; default the remote address. */
  readonly clientKey?: (request: Request, info: { readonly remoteAddress: string | undefined }) => string;
  readonly logger: Logger;
}

/** Options of the kernel. */
export interface KernelOptions {
  /** Prefix every path is served under, e.g. `/api`. */
  readonly basePath?: string;
  /** Check every JSON answer against the route's documented schema (tests turn this on). */
  readonly validateResponses?: boolean;
}

/** Per-call options, from the adapter that received the request. */
export interface HandleOptions {
  /** Prefix the API is served under for this call, for an adapter mounted under one. */
  readonly basePath?: string;
  /**
   * The client's network address as the server saw it (the socket peer, not a forwarded
   * header), for the route and rate-limit steps; see `RouteContext.remoteAddress`.
   */
  readonly remoteAddress?: string;
  /**
   * For a server adapter that writes answers itself: a JSON answer comes back with no body
   * stream, its text in `responseText(response)` (from `@affiliate-commerce/core/http`), which
   * spares building the stream. Other answers (a file, an export) keep their body. Leave it
   * unset to get a `Response` any fetch runtime can send. The adapter interface: docs/api.md §10.7.
   */
  readonly textBodies?: boolean;
}

/** Serves one request. */
export type Handle = (request: Request, options?: HandleOptions) => Promise<Response>;

function normaliseBase(basePath: string | undefined): string {
  if (!basePath || basePath === '/') return '';
  return `/${basePath.replace(/^\/+|\/+$/g, '')}`;
}

function readQuery(route: AnyRoute<never>, schema: z.ZodType, search: URLSearchParams) {
  const raw = queryObject(search);
  // PostgreSQL text cannot hold NUL; refuse it here rather than fail in storage.
  const nul = Object.entries(raw).find(([key, value]) => `${key}${value}`.includes('\u0000'));
  if (nul && !route.allowNul) {
    return err(invalidField(nul[0].replaceAll('\u0000', ''), 'must not contain NUL characters'));
  }
  return validate(schema, raw, 'query');
}

function bodyKindOf(route: AnyRoute<never>): BodyKind {
  return route.bodyKind ?? (route.body ? 'json' : 'none');
}

/** At most one storage-outage warning this often. */
const outageWarningEveryMs = 10_000;

/** Headers on every answer: browsers must not sniff a JSON error into HTML or script. */
const everyAnswer = { 'X-Content-Type-Options': 'nosniff' } as const;
const secretAnswer = { 'Cache-Control': 'no-store' } as const;

/** The caller once access is granted, with where the request came from. */
interface Caller extends Granted {
  readonly remoteAddress: string | undefined;
}

/** What a route's handler is given of the request: its path parameters, query and body, validated. */
interface Input {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

/**
 * Reads and validates a call's input. Only a JSON body is read asynchronously, so a route
 * without one gets its input back at once, with no promise to wait for.
 */
function readInput(
  route: AnyRoute<never>,
  request: Request,
  search: URLSearchParams,
  rawParams: Record<string, string>,
): Result<Input, DomainError> | Promise<Result<Input, DomainError>> {
  const params = decodePathParams(rawParams);
  if (params.isErr()) return err(params.error);
  const parsedParams = route.params ? validate(route.params, params.value, 'path') : ok(params.value);
  if (parsedParams.isErr()) return err(parsedParams.error);
  // A route without a query schema reads no query, so nothing in it can be refused.
  const query = route.query ? readQuery(route, route.query, search) : ok({});
  if (query.isErr()) return err(query.error);
  if (bodyKindOf(route) !== 'json')
    return ok({ params: parsedParams.value, query: query.value, body: undefined });
  return readJsonBody(request, { allowNul: route.allowNul, limitBytes: route.bodyLimitBytes }).then((raw) =>
    raw
      .andThen((value) => (route.body ? validate(route.body, value, 'body') : ok(value)))
      .map((body) => ({ params: parsedParams.value, query: query.value, body })),
  );
}

function toResponse(
  route: AnyRoute<never>,
  result: RouteResult,
  options: KernelOptions,
  logger: Logger,
  headers: Readonly<Record<string, string>>,
  reply: Replies,
): Response {
  if (result instanceof Response) return withHeaders(result, headers);
  if (options.validateResponses) {
    const schema = route.responses[result.status]?.schema;
    const checked = schema?.safeParse(result.body);
    if (!schema || (checked && !checked.success)) {
      logger.error('Response does not match its documented schema', {
        route: route.operationId,
        status: result.status,
        issues: checked?.success === false ? checked.error.issues : 'undocumented status',
      });
      return withHeaders(reply.internalError(), headers);
    }
  }
  return reply.json(result.status, result.body, result.headers ? { ...result.headers, ...headers } : headers);
}

/**
 * Builds the HTTP kernel: the one place where every HTTP decision is made (routing, access,
 * input validation, error statuses). Adapters only convert to and from `Request`/`Response`.
 *
 * @example
 * const handle = createKernel(routes, deps, { basePath: '/api' });
 * const response = await handle(new Request('http://x/api/v2/webhooks'));
 *
 * The kernel reads only the {@link KernelPorts} of `deps`; each route's handler receives all of
 * `deps` as its context's `deps`.
 */
export function createKernel<D extends KernelPorts>(
  routes: readonly AnyRoute<D>[],
  deps: D,
  options: KernelOptions = {},
): Handle {
  const kernel = prepareKernel(routes, deps, options);
  // Without an OpenTelemetry SDK registered, a request costs one lookup and no span or attributes.
  return (request, callOptions) => {
    const watch = watchRequest(request);
    return watch
      ? watch.run(() => handleRequest(kernel, request, callOptions, watch))
      : handleRequest(kernel, request, callOptions, undefined);
  };
}

/** What the kernel works out once, from its route table and options, for every request it serves. */
interface Kernel<D extends KernelPorts> {
  readonly deps: D;
  readonly options: KernelOptions;
  readonly match: (path: string) => PathMatch<AnyRoute<D>>[];
  readonly isRoute: (path: string) => boolean;
  readonly defaultBase: string;
  /** What every answer of a route carries, set when its Response is made rather than copied on after. */
  readonly routeHeaders: ReadonlyMap<AnyRoute<D>, Readonly<Record<string, string>>>;
  // An outage fails every request until it ends: one warning per interval says so, with how many
  // requests it failed since the last one, instead of a line per request.
  outageWarnedAt: number;
  outageFailures: number;
}

function prepareKernel<D extends KernelPorts>(
  routes: readonly AnyRoute<D>[],
  deps: D,
  options: KernelOptions,
): Kernel<D> {
  assertCorsRoutes(routes);
  assertBodyLimits(routes);
  const match = createPathMatcher(routes);
  return {
    deps,
    options,
    match,
    isRoute: (path: string) => match(path).length > 0,
    defaultBase: normaliseBase(options.basePath),
    routeHeaders: new Map(
      routes.map((route) => [route, route.secret ? { ...secretAnswer, ...everyAnswer } : everyAnswer]),
    ),
    outageWarnedAt: Number.NEGATIVE_INFINITY,
    outageFailures: 0,
  };
}

function noteOutage<D extends KernelPorts>(kernel: Kernel<D>, cause: unknown): void {
  kernel.outageFailures += 1;
  const now = Date.now();
  if (now - kernel.outageWarnedAt < outageWarningEveryMs) return;
  kernel.deps.logger.warn('Storage is unavailable; answering 503', {
    event: 'http.storage_unavailable',
    failedRequests: kernel.outageFailures,
    cause,
  });
  kernel.outageWarnedAt = now;
  kernel.outageFailures = 0;
}

/** Serves one request, answering a storage outage with 503 and anything unexpected with 500. */
async function handleRequest<D extends KernelPorts>(
  kernel: Kernel<D>,
  request: Request,
  callOptions: HandleOptions | undefined,
  watch: RequestWatch | undefined,
): Promise<Response> {
  const reply = callOptions?.textBodies ? textReplies : bodiedReplies;
  try {
    const base =
      callOptions?.basePath === undefined ? kernel.defaultBase : normaliseBase(callOptions.basePath);
    return await serve(kernel, request, base, callOptions?.remoteAddress, watch, reply);
  } catch (cause) {
    if (isStorageUnavailable(cause)) {
      noteOutage(kernel, cause);
      return reply.error(storageUnavailable(), everyAnswer);
    }
    kernel.deps.logger.error('Unexpected error while serving a request', {
      method: request.method,
      url: request.url,
      cause,
    });
    return withHeaders(reply.internalError(), everyAnswer);
  }
}

/** Finds the route of a request's path and method: 404, 405 and CORS preflights are answered here. */
async function serve<D extends KernelPorts>(
  kernel: Kernel<D>,
  request: Request,
  base: string,
  remoteAddress: string | undefined,
  watch: RequestWatch | undefined,
  reply: Replies,
): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  if (base && pathname !== base && !pathname.startsWith(`${base}/`)) {
    return reply.error(notFound('route'), everyAnswer);
  }
  const path = pathname.slice(base.length) || '/';
  const candidates = kernel.match(path);
  // Under an API prefix, the 404 names the same path under the other prefix when it is a route.
  if (candidates.length === 0) return reply.error(noRoute(path, base, kernel.isRoute), everyAnswer);
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  if (method === 'OPTIONS') {
    const preflight = corsPreflight(
      candidates.map((candidate) => candidate.route),
      request,
      kernel.deps.corsOrigins,
    );
    if (preflight) return withHeaders(preflight, everyAnswer);
  }
  const found = candidates.find((candidate) => candidate.route.method === method);
  if (!found) {
    return reply.error(methodNotAllowed([...new Set(candidates.map((c) => c.route.method))]), everyAnswer);
  }
  watch?.matched(`${base}${found.route.path}`);
  return serveRoute(kernel, found.route, request, url.searchParams, found.rawParams, remoteAddress, reply);
}

/** Checks access and the rate limit of a matched route, and works out the headers of its answer. */
async function serveRoute<D extends KernelPorts>(
  kernel: Kernel<D>,
  route: AnyRoute<D>,
  request: Request,
  search: URLSearchParams,
  rawParams: Record<string, string>,
  remoteAddress: string | undefined,
  reply: Replies,
): Promise<Response> {
  const { deps } = kernel;
  const fixed = kernel.routeHeaders.get(route) ?? everyAnswer;
  const granted = await checkAccess(route.access, request, deps.auth);
  if (granted.isErr()) return reply.error(granted.error, fixed);
  const caller: Caller = { ...granted.value, remoteAddress };
  let limitHeaders: Record<string, string> | undefined;
  let refused = false;
  if (route.rateLimit) {
    const { principal } = caller;
    const key =
      route.rateLimit.per === 'client'
        ? `client:${deps.clientKey?.(request, { remoteAddress }) ?? remoteAddress ?? 'unknown'}`
        : principal === undefined
          ? 'anonymous'
          : isMaster(principal)
            ? 'master'
            : principal.userId;
    const decision = await deps.rateLimiter.consume({ bucket: route.rateLimit.bucket, key });
    limitHeaders = rateLimitHeaders(decision);
    refused = !decision.allowed;
  }
  // A refused call still carries CORS headers, so a storefront's script can read its 429.
  const headers =
    limitHeaders || route.cors
      ? {
          ...limitHeaders,
          ...(route.cors ? corsHeaders(request, deps.corsOrigins) : undefined),
          ...fixed,
        }
      : fixed;
  return refused
    ? reply.error(rateLimited(limitHeaders ?? {}), headers)
    : answer(kernel, route, request, search, rawParams, caller, headers, reply);
}

/** Reads the input of a route the caller may call, runs its handler and turns the result into the answer. */
async function answer<D extends KernelPorts>(
  kernel: Kernel<D>,
  route: AnyRoute<D>,
  request: Request,
  search: URLSearchParams,
  rawParams: Record<string, string>,
  caller: Caller,
  headers: Readonly<Record<string, string>>,
  reply: Replies,
): Promise<Response> {
  const { deps } = kernel;
  const read = readInput(route, request, search, rawParams);
  const input = read instanceof Promise ? await read : read;
  if (input.isErr()) return reply.error(input.error, headers);

  try {
    const result = await route.handle({ ...input.value, ...caller, request, deps });
    return await result.match(
      (value) => toResponse(route, value, kernel.options, deps.logger, headers, reply),
      (error) => {
        if (error.cause !== undefined) {
          deps.logger.warn('Request failed with a domain error', { code: error.code, cause: error.cause });
        }
        return reply.error(error, headers);
      },
    );
  } catch (cause) {
    // Answered here rather than by the catch-all, so the 503 keeps the route's headers (CORS).
    if (!isStorageUnavailable(cause)) throw cause;
    noteOutage(kernel, cause);
    return reply.error(storageUnavailable(), headers);
  }
}

/**
 * Refuses a route table with a body limit that is not a positive whole number of bytes, or on a
 * route whose body the kernel does not read (a `stream` handler limits its own).
 */
function assertBodyLimits(routes: readonly AnyRoute<never>[]): void {
  for (const route of routes) {
    const { bodyLimitBytes, operationId } = route;
    if (bodyLimitBytes === undefined) continue;
    if (!(Number.isSafeInteger(bodyLimitBytes) && bodyLimitBytes > 0)) {
      throw new TypeError(
        `@affiliate-commerce/core: route ${operationId} has bodyLimitBytes ${bodyLimitBytes}; it must be a positive whole number of bytes`,
      );
    }
    if (bodyKindOf(route) !== 'json') {
      throw new TypeError(
        `@affiliate-commerce/core: route ${operationId} has bodyLimitBytes but no JSON body; a stream handler limits its own body`,
      );
    }
  }
}
