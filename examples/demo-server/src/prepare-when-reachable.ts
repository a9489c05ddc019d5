import { isStorageUnavailable, type StorageUnavailableError } from '@affiliate-commerce/core';

/** First pause before the demo data is tried again; it doubles up to the cap. */
const firstRetryMs = 500;
const maxRetryMs = 5_000;

/** Preparing the demo data while the database may still be out of reach. */
export interface Preparation {
  /**
   * Settles after the first try: `undefined` when the data is in place, else the outage it met
   * (the tries then go on in the background). Rejects on any other failure.
   */
  readonly first: Promise<StorageUnavailableError | undefined>;
  /**
   * Settles once the data is in place (`true`) or the signal stopped the tries (`false`).
   * Rejects on a failure other than an outage: seeding is start-up code, so that is a bug.
   */
  readonly ready: Promise<boolean>;
}

/**
 * Runs `prepare` now and, while it fails with `StorageUnavailableError`, again after a pause
 * (500 ms, doubling up to 5 s) until it succeeds or `signal` aborts, as a host on
 * `connectPostgres` waits for its database instead of exiting.
 *
 * @example
 * const preparing = prepareWhenReachable({ prepare: demo.prepare, signal });
 * const outage = await preparing.first;
 * if (outage) console.error(`waiting for the database (${outage.message})`);
 */
export function prepareWhenReachable(options: {
  readonly prepare: () => Promise<void>;
  readonly signal: AbortSignal;
  readonly delaysMs?: { readonly first: number; readonly max: number };
}): Preparation {
  const { prepare, signal } = options;
  const delays = options.delaysMs ?? { first: firstRetryMs, max: maxRetryMs };
  const first = prepare().then(
    () => undefined,
    (error: unknown) => {
      if (isStorageUnavailable(error)) return error;
      throw error;
    },
  );
  const ready = first.then(async (outage) => {
    if (outage === undefined) return true;
    for (let retryMs = delays.first; ; retryMs = Math.min(delays.max, retryMs * 2)) {
      if (!(await pause(retryMs, signal))) return false;
      try {
        await prepare();
        return true;
      } catch (error) {
        // Calls made while the demo stops fail as the storage closes: they are not a failure.
        if (signal.aborted) return false;
        if (!isStorageUnavailable(error)) throw error;
      }
    }
  });
  // `first` reports a failure at the first try; `ready` would report it a second time.
  ready.catch(() => undefined);
  return { first, ready };
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ended: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(ended);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort);
  });
}
