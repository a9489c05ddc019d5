import { isStorageUnavailable, StorageUnavailableError } from '@affiliate-commerce/core';

/** Socket errors of a server that is down, restarting, or cut off from this process. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that cannot serve for now: shutting down (57P01 admin shutdown, 57P02
 * crash shutdown), starting or recovering (57P03), out of connection slots (53300), and read-only
 * because this node is a standby after a fail-over (25006).
 *
 * @see https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const serverCodes = new Set(['57P01', '57P02', '57P03', '53300', '25006']);

/** What `pg` and `pg-pool` say, without a code, when a connection ends or cannot be had in time. */
const driverMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
];

/**
 * True when `error` says the database cannot be reached for now, rather than that a statement
 * is wrong: a refused, reset or ended connection, no connection within the pool's time-out, or
 * a server that is starting, stopping or in recovery. SQLSTATE class 08 is the connection
 * exceptions.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if (isStorageUnavailable(error)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (socketCodes.has(code) || serverCodes.has(code) || code.startsWith('08')))
    return true;
  if (typeof message === 'string' && driverMessages.some((text) => message.includes(text))) return true;
  // Several addresses tried (localhost as ::1 and 127.0.0.1) fail as one AggregateError.
  return error instanceof AggregateError && error.errors.some(isConnectionFailure);
}

/** `error` as the storage port reports it: an outage becomes a {@link StorageUnavailableError}. */
export function storageFailure(error: unknown): unknown {
  if (isStorageUnavailable(error) || !isConnectionFailure(error)) return error;
  const detail = (error as { code?: unknown }).code ?? (error as Error).message;
  return new StorageUnavailableError(`PostgreSQL is unavailable (${String(detail)})`, { cause: error });
}
