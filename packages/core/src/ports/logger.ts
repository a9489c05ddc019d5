type Meta = Record<string, unknown>;

/**
 * The logger port. The kernel passes unexpected exceptions here; clients only ever see a generic
 * body. `debug` is optional: routine events (a client that closed its connection early) go there,
 * and a logger without it drops them.
 *
 * @example
 * const logger: Logger = { error: (message, meta) => console.error(message, meta), warn: console.warn, info: console.info };
 */
export interface Logger {
  error(message: string, meta?: Meta): void;
  warn(message: string, meta?: Meta): void;
  info(message: string, meta?: Meta): void;
  debug?(message: string, meta?: Meta): void;
}

/** The least severe level a logger writes. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const severity: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * A logger writing to the console, from `level` up (default `info`, so debug lines are dropped).
 *
 * @example
 * consoleLogger({ level: process.env.LOG_LEVEL === 'debug' ? 'debug' : 'info' })
 */
export function consoleLogger(options: { readonly level?: LogLevel } = {}): Logger {
  const least = severity[options.level ?? 'info'];
  const at = (level: LogLevel, write: (...args: unknown[]) => void) => (message: string, meta?: Meta) => {
    if (severity[level] >= least) write(message, meta ?? '');
  };
  return {
    error: at('error', console.error),
    warn: at('warn', console.warn),
    info: at('info', console.info),
    debug: at('debug', console.debug),
  };
}

/** A logger that drops everything. */
export function silentLogger(): Logger {
  const ignore = () => {};
  return { error: ignore, warn: ignore, info: ignore, debug: ignore };
}
