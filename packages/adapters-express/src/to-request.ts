import type { Request as ExpressRequest } from 'express';
import { kernelUrl } from './canonical-path';
import { requestBody } from './request-body';

/** Methods a WHATWG `Request` refuses to carry; fetch runtimes answer them before any handler. */
const unconvertibleMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** A host name with an optional port, or a bracketed IPv6 address: nothing that could move the path. */
const plainHost = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Where the router is mounted (`req.baseUrl`, without a trailing slash; empty at the root): the
 * kernel's base path for the call, so its answers name paths as the client sends them.
 *
 * @example
 * service.handle(toRequest(req), { basePath: mountPath(req) });
 */
export function mountPath(req: ExpressRequest): string {
  return req.baseUrl.replace(/\/+$/, '');
}

/**
 * The request's URL as sent: the mount point, then the path below it. The path is appended to
 * the origin, never resolved against it, so `//x` stays a path; an absolute-form target keeps
 * only its path.
 */
function requestUrl(req: ExpressRequest): URL {
  const protocol = req.protocol === 'https' ? 'https' : 'http';
  const target = kernelUrl(req);
  const path =
    mountPath(req) + (target.startsWith('/') ? target : target.replace(/^[^/]*\/\/[^/?]*/, '') || '/');
  const host = req.get('host') ?? '';
  try {
    if (plainHost.test(host)) return new URL(`${protocol}://${host}${path}`);
  } catch {
    // An unparsable host (a malformed IPv6 literal) is treated like a missing one.
  }
  return new URL(`${protocol}://localhost${path}`);
}

/**
 * Whether the request can become a WHATWG `Request` (not CONNECT, TRACE or TRACK).
 *
 * @example
 * if (!convertible(req)) return next();
 */
export function convertible(req: ExpressRequest): boolean {
  return !unconvertibleMethods.has(req.method.toUpperCase());
}

/**
 * Converts an Express request into a WHATWG `Request` with the URL the client sent: the mount
 * point ({@link mountPath}, which Express strips from `req.url`) and the path below it, which is
 * the kernel's to route with `basePath: mountPath(req)`. The path is kept as sent
 * (`//`, `%ZZ`), never read as a host name; a Host header that is not a plain host name is
 * replaced by `localhost`.
 *
 * @example
 * const request = toRequest(req);
 */
export function toRequest(req: ExpressRequest): Request {
  const body = requestBody(req);
  // A body that was already read has the wrong length now; let fetch compute it.
  const keepLength = body === null || body instanceof ReadableStream;
  const headers: [string, string][] = [];
  for (const name in req.headers) {
    const value = req.headers[name];
    if (value === undefined || (name === 'content-length' && !keepLength)) continue;
    if (typeof value === 'string') headers.push([name, value]);
    else for (const one of value) headers.push([name, one]);
  }
  return new Request(requestUrl(req), {
    method: req.method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}
