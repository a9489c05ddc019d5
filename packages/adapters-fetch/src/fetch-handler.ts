import type { Service } from '@affiliate-commerce/core';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Prefix the API is served under, e.g. `/api`; requests outside it answer 404. */
  readonly basePath?: string;
}

/** What the server knows about a request beyond the `Request` itself. */
export interface FetchRequestInfo {
  /** The client's network address (the socket peer), for rate limits of public routes. */
  readonly remoteAddress?: string;
}

/**
 * A WHATWG fetch handler. The second argument is optional; anything but a `remoteAddress`
 * string in it is ignored, so the handler can be passed where a runtime calls `fetch(request,
 * server)` or `fetch(request, env, ctx)`.
 */
export type FetchHandler = (request: Request, info?: FetchRequestInfo) => Promise<Response>;

/**
 * Serves the API from a fetch runtime: Node 20+, Bun, Deno, and Cloudflare Workers with
 * `nodejs_compat` (each served in CI). Every HTTP decision is the service's; this only binds the base path
 * and passes the client's address on when the server gives it: `Request` carries none, so
 * without it public routes cannot be limited per client. It answers every request: a path that is
 * no route is the JSON 404 (naming the route when the path exists under the other prefix, e.g.
 * `/v2/webhooks/actions/getDictionary` for `/webhooks/actions/getDictionary`), a route asked with
 * another method the 405 with `Allow`; a host serving other paths routes them before calling it.
 *
 * @example
 * // Bun
 * const api = createFetchHandler(service);
 * Bun.serve({ fetch: (req, server) => api(req, { remoteAddress: server.requestIP(req)?.address }) });
 * @example
 * // Deno
 * Deno.serve((req, info) => api(req, { remoteAddress: info.remoteAddr.hostname }));
 */
export function createFetchHandler(
  service: Pick<Service, 'handle'>,
  options: FetchHandlerOptions = {},
): FetchHandler {
  const { basePath } = options;
  return (request, info) => {
    const remoteAddress = typeof info?.remoteAddress === 'string' ? info.remoteAddress : undefined;
    return service.handle(request, { basePath, remoteAddress });
  };
}
