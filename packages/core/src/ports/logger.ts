type Meta = Record<string, unknown>;

/**
 * The logger port. The kernel passes unexpected exceptions here; clients only ever see a generic
 * body. `debug` is optional: routine events (a client that closed its connection early) go there,
 * and a logger without it drops them. The delivery worker writes one line per attempt, per
 * disabled endpoint, per circuit breaker change and at its start and stop, each with an `event`
 * field (`webhook.attempt`, ...) and the rest as fields (docs/decisions/operations-telemetry.md).
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
 * A value made fit for a JSON log line: an `Error` becomes its name, message, stack, cause and
 * own fields (`code`); a bigint becomes its digits; a value seen before in the same line becomes
 * `'[Circular]'`.
 */
export function loggable(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Error) {
    const fields: Meta = { name: value.name, message: value.message };
    if (value.stack) fields.stack = value.stack;
    if (value.cause !== undefined) fields.cause = loggable(value.cause, seen);
    for (const [key, field] of Object.entries(value)) fields[key] ??= loggable(field, seen);
    return fields;
  }
  if (Array.isArray(value)) return value.map((item) => loggable(item, seen));
  const out: Meta = {};
  for (const [key, field] of Object.entries(value)) out[key] = loggable(field, seen);
  return out;
}

/**
 * A logger writing one JSON object per line to the console, from `level` up (default `info`, so
 * debug lines are dropped): `{"level":"info","time":"…","msg":"…",...fields}`. Errors in the
 * fields are written out (name, message, stack), so a log collector can parse every line.
 */
export function consoleLogger(
  options: { readonly level?: LogLevel; readonly now?: () => Date } = {},
): Logger {
  const least = severity[options.level ?? 'info'];
  const now = options.now ?? (() => new Date());
  const at = (level: LogLevel, write: (line: string) => void) => (message: string, meta?: Meta) => {
    if (severity[level] < least) return;
    const line: Meta = { level, time: now().toISOString(), msg: message };
    if (meta) {
      const fields = loggable(meta) as Meta;
      for (const key of Object.keys(fields)) if (!(key in line)) line[key] = fields[key];
    }
    write(JSON.stringify(line));
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
