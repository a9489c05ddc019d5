import type { Logger } from '@affiliate-commerce/core';

/** One line a {@link memoryLogger} kept. */
export interface LoggedLine {
  readonly level: 'error' | 'warn' | 'info' | 'debug';
  readonly message: string;
  readonly meta: Record<string, unknown>;
}

/**
 * A logger that keeps its lines, so a test can say what was logged: `events(name)` picks the
 * lines whose `event` field is `name` (the structured lines of the worker, the limiter, storage).
 *
 * @example
 * const { logger, events } = memoryLogger();
 * const service = testService({ logger });
 * // ...
 * expect(events('webhook.worker.failing')).toHaveLength(1);
 */
export function memoryLogger(): {
  readonly lines: LoggedLine[];
  readonly logger: Logger;
  readonly events: (event: string) => LoggedLine[];
} {
  const lines: LoggedLine[] = [];
  const at =
    (level: LoggedLine['level']) =>
    (message: string, meta: Record<string, unknown> = {}) => {
      lines.push({ level, message, meta });
    };
  const logger: Logger = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
  return { lines, logger, events: (event) => lines.filter((line) => line.meta.event === event) };
}
