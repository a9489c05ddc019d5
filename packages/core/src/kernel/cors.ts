/**
 * CORS for the public routes a browser storefront calls from its own origin (docs/api.md §4.9). Those
 * routes carry no credentials (no cookies, no bearer token), so any origin may call them unless
 * the host narrows the list.
 */
import type { CorsOrigins } from '../deps/cors-origins';
import type { AnyRoute } from '../http/route';

/** Browsers cap a cached preflight anyway (Chromium at two hours). */
const maxAgeSeconds = '7200';

/** The rate-limit headers, readable by the storefront's script (none of them is CORS-safelisted). */
const exposed = 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset';

/** The same for every request when any origin may call: built once. */
const anyOrigin = Object.freeze({
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': exposed,
});

/**
 * The `Access-Control-Allow-Origin` (and `Vary`) headers for a request to a `cors` route, exposing
 * the rate-limit headers so a storefront can honour `Retry-After`; none when the request's origin
 * is not allowed, which the browser then refuses to read.
 */
export function corsHeaders(request: Request, origins: CorsOrigins = '*'): Readonly<Record<string, string>> {
  if (origins === '*') return anyOrigin;
  const origin = request.headers.get('origin');
  return origin !== null && origins.includes(origin)
    ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': exposed, Vary: 'Origin' }
    : { Vary: 'Origin' };
}

/**
 * The answer to a CORS preflight (`OPTIONS`) on a path with `cors` routes: 204 naming their
 * methods and the one request header the storefront sends (`Content-Type: application/json`
 * makes a POST "non-simple"). Undefined when no route of the path is `cors`, so the kernel
 * answers as for any other method.
 */
export function corsPreflight(
  routes: readonly AnyRoute<never>[],
  request: Request,
  origins: CorsOrigins = '*',
): Response | undefined {
  const methods = [...new Set(routes.filter((route) => route.cors).map((route) => route.method))];
  if (methods.length === 0) return undefined;
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(request, origins),
      'Access-Control-Allow-Methods': methods.join(', '),
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': maxAgeSeconds,
    },
  });
}

/**
 * Refuses a route table that marks a non-public route `cors`: those carry a bearer token, and
 * opening them to every origin is a mistake, not a setting.
 */
export function assertCorsRoutes(routes: readonly AnyRoute<never>[]): void {
  for (const route of routes) {
    if (route.cors && route.access.kind !== 'public') {
      throw new TypeError(
        `@affiliate-commerce/core: route ${route.operationId} is marked cors but is not public`,
      );
    }
  }
}
