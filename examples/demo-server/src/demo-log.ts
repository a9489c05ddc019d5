import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { consoleLogger, type Logger, type LogLevel, pinoLogger } from '@affiliate-commerce/core';

const levels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** Where the demo's log lines go and from which level, read from `DEMO_LOG` and `DEMO_LOG_LEVEL`. */
export interface DemoLogSettings {
  /** The file the lines are appended to (absolute), or `undefined` for the terminal. */
  readonly file: string | undefined;
  readonly level: LogLevel;
}

/**
 * Reads the log settings: `DEMO_LOG` is a file (relative to `cwd`) or `-` for the terminal;
 * unset, the file is `demo.log` in the data folder, or in the OS temp folder when the data is on
 * a PostgreSQL server (`DATABASE_URL`). `DEMO_LOG_LEVEL` is the least severe level written
 * (default `info`). A string says what is wrong with a setting.
 *
 * @example
 * demoLogSettings(process.env, { dataRoot: '/srv/.data', cwd: '/srv' })
 * // { file: '/srv/.data/demo.log', level: 'info' }
 */
export function demoLogSettings(
  env: Readonly<Record<string, string | undefined>>,
  where: { readonly dataRoot: string; readonly cwd: string },
): DemoLogSettings | string {
  const level = (env.DEMO_LOG_LEVEL || 'info').toLowerCase() as LogLevel;
  if (!levels.includes(level)) {
    return `DEMO_LOG_LEVEL must be one of ${levels.join(', ')}, got ${env.DEMO_LOG_LEVEL}`;
  }
  if (env.DEMO_LOG === '-') return { file: undefined, level };
  if (env.DEMO_LOG) return { file: resolve(where.cwd, env.DEMO_LOG), level };
  const folder = env.DATABASE_URL ? tmpdir() : where.dataRoot;
  const name = env.DATABASE_URL ? 'affiliate-commerce-demo.log' : 'demo.log';
  return { file: join(folder, name), level };
}

/** The demo's logger and where it writes, for the banner. */
export interface DemoLog {
  readonly logger: Logger;
  /** What the banner says about where the lines go. */
  readonly where: string;
  /** Stops writing and closes the file. */
  close(): void;
}

const severity: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * Opens the demo's log: JSON lines (`{"level","time","msg",...fields}`, as `consoleLogger`
 * writes them) appended to the settings' file, each written before the call returns so none is
 * lost when the demo exits; or `consoleLogger` on the terminal. Throws when the file cannot be
 * opened. A write that fails later (a full disk) is reported once on stderr, and the log then
 * drops its lines rather than fail the request or delivery that logged.
 *
 * @example
 * const log = openDemoLog({ file: '/srv/.data/demo.log', level: 'info' });
 * log.logger.info('started', { event: 'demo.started' });
 */
export function openDemoLog(settings: DemoLogSettings): DemoLog {
  const { file, level } = settings;
  if (file === undefined) {
    return { logger: consoleLogger({ level }), where: 'this terminal (DEMO_LOG=-)', close: () => {} };
  }
  mkdirSync(dirname(file), { recursive: true });
  let fd: number | undefined = openSync(file, 'a');
  const least = severity[level];
  const at =
    (lineLevel: LogLevel) =>
    (fields: Record<string, unknown>, message: string): void => {
      if (fd === undefined || severity[lineLevel] < least) return;
      const line: Record<string, unknown> = {
        level: lineLevel,
        time: new Date().toISOString(),
        msg: message,
      };
      for (const key of Object.keys(fields)) if (!(key in line)) line[key] = fields[key];
      try {
        writeSync(fd, `${JSON.stringify(line)}\n`);
      } catch (error) {
        fd = undefined;
        console.error(
          `affiliate-commerce demo: cannot write the log file ${file} (${(error as Error).message}); log lines are dropped from now on`,
        );
      }
    };
  // pinoLogger turns errors and other values in the fields into plain JSON, as consoleLogger does.
  const logger = pinoLogger({ error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') });
  return {
    logger,
    where: `${file} (DEMO_LOG=- shows the lines here instead)`,
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
  };
}
