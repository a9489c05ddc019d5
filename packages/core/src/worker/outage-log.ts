import type { ServiceDeps } from '../deps/service-deps';

/** Where a worker's failing calls are reported; see {@link outageLog}. */
export interface OutageLog {
  /** A call failed; the worker goes on and tries again. */
  failed(error: unknown): void;
  /** A call succeeded: an outage in progress, if any, is over. */
  succeeded(): void;
}

/**
 * Reports the failures of one kind of worker call. With the host's `onError`, every error goes
 * there and nothing is logged. Without one, they are logged once per outage instead of once per
 * try: the first failure as a warning (`<event>.failing`, its error as `cause`), nothing while
 * failures go on, and one info line (`<event>.recovered`, with `downMs` and `failures`) once a
 * call succeeds again. A worker tries again within seconds, so a database down for ten minutes
 * would otherwise print hundreds of lines, and with no `onError` nothing would be printed at all.
 *
 * @example
 * const storage = outageLog(deps, { event: 'webhook.worker', subject: 'webhook worker storage calls' });
 * try { await claim(); storage.succeeded(); } catch (error) { storage.failed(error); }
 */
export function outageLog(
  deps: Pick<ServiceDeps, 'logger' | 'clock'>,
  options: {
    readonly onError?: ((error: unknown) => void) | undefined;
    /** The prefix of the log lines' `event` field. */
    readonly event: string;
    /** What fails, as the log messages name it. */
    readonly subject: string;
  },
): OutageLog {
  const { onError, event, subject } = options;
  let downSince: number | undefined;
  let failures = 0;
  return {
    failed(error) {
      if (onError) return onError(error);
      failures += 1;
      if (downSince !== undefined) return;
      downSince = deps.clock.now().getTime();
      deps.logger.warn(`${subject} are failing; retrying, quiet until they succeed again`, {
        event: `${event}.failing`,
        cause: error,
      });
    },
    succeeded() {
      if (downSince === undefined) return;
      deps.logger.info(`${subject} succeed again`, {
        event: `${event}.recovered`,
        downMs: deps.clock.now().getTime() - downSince,
        failures,
      });
      downSince = undefined;
      failures = 0;
    },
  };
}
