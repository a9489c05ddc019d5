import type { ResultAsync } from 'neverthrow';
import type { z } from 'zod';
import type { DomainError, ErrorCode } from '../base/errors';
import type { ServiceDeps } from '../deps/service-deps';
import type { Principal, Role } from '../ports/auth';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route. Checked by the kernel from the table, never inside handlers. */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'affiliate'; readonly roles: readonly Role[] }
  | { readonly kind: 'master' };

/** The caller of an affiliate route, with its affiliate context resolved. */
export interface AffiliateActor {
  readonly userId: string;
  readonly affiliateId: string;
  readonly roles: readonly Role[];
}

/** A JSON answer. `body` undefined means no body (204). */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a handler returns: a JSON reply, or a ready `Response` for CSV, streams and files. */
export type RouteResult = Reply | Response;

/**
 * Everything a handler receives, already validated. `D` is what the kernel was given to pass
 * to handlers: the service's dependencies in core's own table.
 */
export interface RouteContext<P, Q, B, A extends Access, D = ServiceDeps> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly actor: A extends { kind: 'affiliate' } ? AffiliateActor : undefined;
  readonly principal: A extends { kind: 'public' } ? undefined : Principal;
  readonly request: Request;
  /**
   * The client's network address as the server saw it (the socket peer: a proxy's address
   * behind a proxy), when the adapter passed one (`HandleOptions.remoteAddress`).
   */
  readonly remoteAddress: string | undefined;
  readonly deps: D;
}

/** How the kernel reads the request body. `json` validates with `body`; `stream` leaves it to the handler. */
export type BodyKind = 'none' | 'json' | 'stream';

/** One documented response of a route. */
export interface ResponseDoc {
  readonly description: string;
  readonly schema?: z.ZodType;
  readonly contentType?: string;
}

/**
 * One row of the route table. The table drives the kernel, both adapters and the OpenAPI document.
 */
export interface Route<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  A extends Access = Access,
  D = ServiceDeps,
> {
  readonly method: HttpMethod;
  /** Path template relative to the base URL, with `{name}` parameters. */
  readonly path: string;
  readonly operationId: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly access: A;
  readonly params?: P;
  readonly query?: Q;
  readonly bodyKind?: BodyKind;
  readonly body?: B;
  /**
   * Largest JSON body of this route, in bytes (default 1 MiB, `maxJsonBodyBytes`); the kernel
   * answers 413 the moment a body passes it while streaming. A `stream` route's handler reads
   * and limits its own body.
   */
  readonly bodyLimitBytes?: number;
  /** Documentation of a body the kernel does not parse (multipart). */
  readonly bodyDoc?: { readonly contentType: string; readonly schema: z.ZodType };
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  /**
   * Counts each call against a named budget of the rate-limit port (docs/api.md §8.1): per user, or, on a
   * public route, per client (`clientKey`, by default the remote address).
   */
  readonly rateLimit?: { readonly bucket: string; readonly per?: 'user' | 'client' };
  /**
   * Browsers on other origins may call it: the kernel answers the OPTIONS preflight and adds
   * `Access-Control-Allow-*` headers (origins from `corsOrigins`). Public routes only.
   */
  readonly cors?: boolean;
  /**
   * The handler itself drops what storage cannot hold (NUL characters): the kernel passes such
   * query and body values on instead of answering 422. For the storefront capture, where junk
   * must never fail the call (docs/api.md §8.2).
   */
  readonly allowNul?: boolean;
  /**
   * Answers carry a secret (a signing secret, a processor client secret): the kernel marks every
   * answer of the route `Cache-Control: no-store`, so no browser or proxy cache keeps it.
   */
  readonly secret?: boolean;
  /** Domain errors the handler itself can return (auth errors are implied by `access`). */
  readonly errors: readonly ErrorCode[];
  readonly handle: (
    ctx: RouteContext<z.output<P>, z.output<Q>, z.output<B>, A, D>,
  ) => ResultAsync<RouteResult, DomainError>;
}

/** A route with its input types erased, as the kernel stores it; `D` is what its handler is given. */
// biome-ignore lint/suspicious/noExplicitAny: the table holds routes of many input types
export type AnyRoute<D = ServiceDeps> = Route<any, any, any, any, D>;

/**
 * Declares a route with its input types inferred from its zod schemas.
 *
 * @example
 * defineRoute({ method: 'GET', path: '/v2/things/{id}', access: { kind: 'affiliate', roles: allRoles }, ... })
 */
export function defineRoute<
  P extends z.ZodType = z.ZodType<Record<string, never>>,
  Q extends z.ZodType = z.ZodType<Record<string, never>>,
  B extends z.ZodType = z.ZodType<undefined>,
  A extends Access = Access,
>(route: Route<P, Q, B, A>): AnyRoute {
  return route as AnyRoute;
}
