import { type Logger, loggable } from './logger';

type LogMethod = (fields: Record<string, unknown>, message: string) => void;

/**
 * What {@link pinoLogger} needs of a pino logger (or any logger taking `(fields, message)`), so
 * core does not depend on pino.
 */
export interface PinoLike {
  error: LogMethod;
  warn: LogMethod;
  info: LogMethod;
  debug: LogMethod;
}

/**
 * The logger port on a pino logger: each line's fields become pino's merging object, so they land
 * as top-level keys beside pino's own `level`, `time` and `msg`. Errors in the fields are written
 * out (name, message, stack) under their own key.
 *
 * @example
 * import pino from 'pino';
 * const service = createService({ ...ports, logger: pinoLogger(pino()) });
 */
export function pinoLogger(pino: PinoLike): Logger {
  const at = (write: LogMethod) => (message: string, meta?: Record<string, unknown>) =>
    write(meta ? (loggable(meta) as Record<string, unknown>) : {}, message);
  return {
    error: at(pino.error.bind(pino)),
    warn: at(pino.warn.bind(pino)),
    info: at(pino.info.bind(pino)),
    debug: at(pino.debug.bind(pino)),
  };
}
