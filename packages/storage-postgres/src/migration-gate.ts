import type { Logger } from '@affiliate-commerce/core';
import type { Db } from './db';
import { migrate } from './migrate';
import { isConnectionFailure } from './outage';

/** First pause before migrations are tried again in the background; it doubles up to the cap. */
const firstRetryMs = 1_000;
const maxRetryMs = 30_000;

/** Migrations that run as soon as the database answers, and a {@link Db} that waits for them. */
export interface MigrationGate {
  /** Settles once the first try is over: rejects only when it failed other than by an outage. */
  readonly first: Promise<void>;
  /** The database, each call of which first has the migrations applied (or fails as unavailable). */
  readonly db: Db;
  /** Ends the background tries. */
  stop(): void;
}

/**
 * Applies the migrations now if the database answers, and otherwise as soon as it does: tried
 * again in the background (1 s, doubling up to 30 s) and by every call made meanwhile, which
 * fails as the try failed (`StorageUnavailableError` during an outage). Once applied, calls go
 * straight through.
 */
export function migrationGate(input: { db: Db; schema: string; logger: Logger }): MigrationGate {
  const { db, schema, logger } = input;
  let migrated = false;
  let waitedSince: number | undefined;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = firstRetryMs;
  let stopped = false;

  const run = (): Promise<void> => {
    running ??= migrate({ db, schema })
      .then((applied) => {
        migrated = true;
        clearTimeout(timer);
        if (waitedSince !== undefined) {
          logger.info('PostgreSQL answers again; storage is ready', {
            event: 'storage.ready',
            waitedMs: Date.now() - waitedSince,
            appliedMigrations: applied,
          });
        }
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const retryLater = () => {
    if (stopped || migrated) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      run().catch((error: unknown) => {
        if (!isConnectionFailure(error))
          logger.error('Migrations failed', { event: 'storage.migrations_failed', cause: error });
        retryLater();
      });
    }, retryMs);
    // The tries keep nothing alive: a process with nothing else to do may still exit.
    timer.unref?.();
    retryMs = Math.min(maxRetryMs, retryMs * 2);
  };

  const first = run().catch((error: unknown) => {
    if (!isConnectionFailure(error)) throw error;
    waitedSince = Date.now();
    logger.warn('PostgreSQL is unreachable; storage answers as unavailable until it is', {
      event: 'storage.unreachable',
      cause: error,
    });
    retryLater();
  });

  const gated: Db = {
    query: (text, params) => (migrated ? db.query(text, params) : run().then(() => db.query(text, params))),
    exec: (text) => (migrated ? db.exec(text) : run().then(() => db.exec(text))),
    transaction: (fn, options) =>
      migrated ? db.transaction(fn, options) : run().then(() => db.transaction(fn, options)),
    inTransaction: false,
    close: () => db.close(),
  };
  return {
    first,
    db: gated,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
