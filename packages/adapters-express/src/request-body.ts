import type { Request as ExpressRequest } from 'express';
import { nodeBodyStream } from './node-body-stream';

type ParsedRequest = ExpressRequest & { rawBody?: unknown; _body?: boolean };

const noBodyMethods = new Set(['GET', 'HEAD']);

/**
 * The body to hand to the kernel: the request stream itself when no parser read it (the kernel
 * reads it within the route's limit), or `req.rawBody` when a parser kept one; otherwise
 * re-reads what a parser already consumed only where that is lossless (a Buffer, a string, or a
 * JSON object re-serialised for a JSON request). Anything else is a host misconfiguration,
 * reported at once rather than waiting on a drained stream.
 *
 * @see https://github.com/octokit/webhooks.js/issues/593
 * @example
 * const body = requestBody(req);
 */
export function requestBody(req: ExpressRequest): BodyInit | null {
  if (noBodyMethods.has(req.method.toUpperCase())) return null;
  const parsed = req as ParsedRequest;
  if (Buffer.isBuffer(parsed.rawBody) || typeof parsed.rawBody === 'string')
    return toBodyInit(parsed.rawBody);
  const consumed = parsed._body === true || req.readableEnded;
  if (!consumed) return nodeBodyStream(req);
  if (Buffer.isBuffer(req.body) || typeof req.body === 'string') return toBodyInit(req.body);
  if (req.body === undefined) return null;
  if (req.is('application/json') || req.is('+json')) return JSON.stringify(req.body);
  throw new TypeError(
    '@affiliate-commerce/adapters-express: another body parser consumed this request and kept no raw copy. ' +
      'Mount the router before body parsers, or keep the raw body as req.rawBody (express.json({ verify })).',
  );
}

function toBodyInit(body: Buffer | string): BodyInit {
  return typeof body === 'string' ? body : new Uint8Array(body);
}
