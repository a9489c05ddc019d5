import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response as ExpressResponse } from 'express';

/**
 * Writes a WHATWG `Response` to Express, streaming the body (CSV exports stay in constant memory).
 * When the client is still sending a body nobody will read (the kernel stopped at a body limit,
 * or answered before reading it), the connection closes after the answer instead of taking in
 * the rest of the upload. Rejects when the body cannot be written (the client went away).
 *
 * @example
 * await sendResponse(res, await service.handle(request));
 */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.append(name, value);
  });
  if (!res.req.complete) res.setHeader('connection', 'close');
  if (response.body === null) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
}
