import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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

/**
 * Writes a WHATWG `Response` to Express, streaming the body (CSV exports stay in constant memory).
 * When the client is still sending a body nobody will read (the kernel stopped at a body limit,
 * or answered before reading it, as a rate-limited POST is), a small body of known length is read
 * and dropped after the answer so the connection stays open for the next request; a large or
 * chunked one closes the connection instead of taking in the rest of the upload. Rejects when the
 * body cannot be written (the client went away).
 *
 * @example
 * await sendResponse(res, await service.handle(request));
 */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.append(name, value);
  });
  if (!res.req.complete && !drainable(res.req)) res.setHeader('connection', 'close');
  if (response.body === null) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
}
