import type { Logger } from '@affiliate-commerce/core';
import type { Request } from 'express';

/** Errors of writing to a connection the client closed; anything else is a failure of ours. */
const goneCodes = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ECONNRESET', 'EPIPE']);

/**
 * Whether writing the answer failed because the client closed the connection.
 *
 * @example
 * if (clientWentAway(error)) logClientGone(logger, req);
 */
export function clientWentAway(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && goneCodes.has(code);
}

/**
 * Notes a client that closed the connection before its answer was written: routine (a closed
 * tab, a client time-out), so one line at debug level, no stack. Loggers without `debug` drop it.
 *
 * @example
 * logClientGone(service.deps.logger, req);
 */
export function logClientGone(logger: Logger | undefined, req: Request): void {
  logger?.debug?.('Client closed the connection before the answer was written', {
    method: req.method,
    path: req.originalUrl.split('?')[0],
  });
}
