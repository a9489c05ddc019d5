import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { responseText } from '@affiliate-commerce/core/http';
import type { Response as ExpressResponse } from 'express';

/** An unread body up to this size (by its Content-Length) is read and dropped, keeping the connection. */
const drainableBytes = 64 * 1024;

/** Whether the rest of an unread request body is small enough to read and drop after the answer. */
function drainable(req: ExpressResponse['req']): boolean {
  const length = Number(req.headers['content-length']);
  return (
    req.headers['content-length'] !== undefined && Number.isSafeInteger(length) && length <= drainableBytes
  );
}

/** The response's headers as node:http takes them, each `Set-Cookie` kept apart. */
function nodeHeaders(response: Response): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  return headers;
}

/**
 * Writes a WHATWG `Response` to Express. A kernel JSON answer goes out in one write (status line,
 * headers and body together); only a streamed body (a CSV export) is piped, so it stays in
 * constant memory. When the client is still sending a body nobody will read (the kernel stopped
 * at a body limit, or answered before reading it, as a rate-limited POST is), a small body of
 * known length is read and dropped after the answer so the connection stays open for the next
 * request; a large or chunked one closes the connection instead of taking in the rest of the
 * upload. Rejects when the body cannot be written (the client went away).
 *
 * @example
 * await sendResponse(res, await service.handle(request));
 */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  const headers = nodeHeaders(response);
  if (!res.req.complete && !drainable(res.req)) headers.connection = 'close';
  const text = responseText(response) ?? (response.body === null ? '' : undefined);
  if (text === undefined) {
    res.writeHead(response.status, headers);
    await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
    return;
  }
  if (res.destroyed) throw gone();
  if (!noContentLength.has(response.status)) headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(response.status, headers);
  await new Promise<void>((resolve, reject) => {
    const closed = () => reject(gone());
    res.once('close', closed);
    res.end(text, () => {
      res.off('close', closed);
      resolve();
    });
  });
}

/** Statuses that must not carry a Content-Length (RFC 9110 8.6). */
const noContentLength = new Set([204, 304]);

/** The error `pipeline` gives for a connection the client closed before the answer was written. */
function gone(): Error {
  return Object.assign(new Error('The client closed the connection'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}
