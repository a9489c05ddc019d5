import type { Request as ExpressRequest } from 'express';
import { requestBody } from './request-body';

/**
 * Converts an Express request into a WHATWG `Request` whose URL is relative to where the router
 * is mounted (Express already strips the mount path from `req.url`).
 *
 * @example
 * const request = toRequest(req);
 */
export function toRequest(req: ExpressRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const body = requestBody(req);
  // A body that was already read has the wrong length now; let fetch compute it.
  if (body !== null && !(body instanceof ReadableStream)) headers.delete('content-length');
  const url = new URL(req.url, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  return new Request(url, {
    method: req.method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}
