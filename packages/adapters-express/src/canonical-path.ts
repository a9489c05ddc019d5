import type { NextFunction, Request, Response } from 'express';

/** A `.` or `..` segment (also percent-encoded, as WHATWG URLs read them) or an empty one (`//`). */
const oddSegment = /\/(?:\.|%2e){1,2}(?=\/|$)|\/\//i;
const sentUrl = Symbol('sentUrl');

type RoutedRequest = Request & { [sentUrl]?: string };

/**
 * Lets Express route a path with `.`, `..` or empty segments as the kernel will read it: dot
 * segments resolved (as every WHATWG `Request` resolves them, so the fetch adapter serves such
 * paths too), empty segments dropped. A path that climbs out of the mount point is left alone.
 * The kernel still gets the URL as sent ({@link kernelUrl}): it serves the resolved dot
 * segments and answers 404 for empty ones, in JSON, where Express would answer its HTML 404.
 *
 * @example
 * router.use(routeOddPaths);
 */
export function routeOddPaths(req: Request, _res: Response, next: NextFunction): void {
  const queryAt = req.url.indexOf('?');
  const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
  if (oddSegment.test(path)) {
    // Resolved under a sentinel segment, so `..` past the mount point shows.
    const resolved = new URL(`/m${path}`, 'http://localhost').pathname;
    if (resolved === '/m' || resolved.startsWith('/m/')) {
      (req as RoutedRequest)[sentUrl] = req.url;
      req.url =
        (resolved.slice(2).replace(/\/{2,}/g, '/') || '/') + (queryAt === -1 ? '' : req.url.slice(queryAt));
    }
  }
  next();
}

/**
 * Whether the path still has `.`, `..` or empty segments after {@link routeOddPaths}: it climbs
 * out of the mount point, so it is no path of the API, whatever prefix it starts with.
 *
 * @example
 * climbsOut('/v2/../../portal') // true
 */
export function climbsOut(path: string): boolean {
  return oddSegment.test(path);
}

/**
 * Gives the request back its URL as sent, before it leaves the router for the host.
 *
 * @example
 * restoreSentUrl(req);
 */
export function restoreSentUrl(req: Request): void {
  const routed = req as RoutedRequest;
  if (routed[sentUrl] === undefined) return;
  req.url = routed[sentUrl];
  delete routed[sentUrl];
}

/**
 * The URL the client sent, relative to the mount point, for the kernel.
 *
 * @example
 * new URL(`${origin}${kernelUrl(req)}`)
 */
export function kernelUrl(req: Request): string {
  return (req as RoutedRequest)[sentUrl] ?? req.url;
}
