import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response as ExpressResponse } from 'express';

/**
 * Writes a WHATWG `Response` to Express, streaming the body (CSV exports stay in constant memory).
 *
 * @example
 * await sendResponse(res, await service.handle(request));
 */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, name) => {
    res.append(name, value);
  });
  if (response.body === null) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res);
}
