import type { Service } from '@affiliate-commerce/core';

/** Options of {@link createFetchHandler}. */
export interface FetchHandlerOptions {
  /** Prefix the API is served under, e.g. `/api`; requests outside it answer 404. */
  readonly basePath?: string;
}

/** A WHATWG fetch handler. */
export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * Serves the API from any fetch runtime: Node 20+, Bun, Deno, Cloudflare Workers, Hono,
 * Next.js route handlers. Every HTTP decision is the service's; this only binds the base path.
 *
 * @example
 * // Hono
 * const api = createFetchHandler(service, { basePath: '/api' });
 * app.all('/api/*', (c) => api(c.req.raw));
 * @example
 * // Bun / Deno
 * Bun.serve({ fetch: createFetchHandler(service) });
 */
export function createFetchHandler(
  service: Pick<Service, 'handle'>,
  options: FetchHandlerOptions = {},
): FetchHandler {
  const { basePath } = options;
  return (request) => service.handle(request, { basePath });
}
