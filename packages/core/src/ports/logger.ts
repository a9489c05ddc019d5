/**
 * The logger port. The kernel passes unexpected exceptions here; clients only ever see a generic body.
 *
 * @example
 * const logger: Logger = { error: (message, meta) => console.error(message, meta), warn: console.warn, info: console.info };
 */
export interface Logger {
  error(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  info(message: string, meta?: Record<string, unknown>): void;
}

/** A logger writing to the console. @example consoleLogger() */
export function consoleLogger(): Logger {
  return {
    error: (message, meta) => console.error(message, meta ?? ''),
    warn: (message, meta) => console.warn(message, meta ?? ''),
    info: (message, meta) => console.info(message, meta ?? ''),
  };
}

/** A logger that drops everything. @example silentLogger() */
export function silentLogger(): Logger {
  const ignore = () => {};
  return { error: ignore, warn: ignore, info: ignore };
}
