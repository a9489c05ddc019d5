import { isStorageUnavailable } from '../base/errors';

/**
 * The pauses before each new try of a worker's write that failed because storage was out of
 * reach: a connection the server ended is replaced at once, and a restart or a fail-over is over
 * in about a second. Written in time, an outcome saves its receiver a second copy of the delivery
 * after the lease ends.
 */
export const outageRetryDelaysMs: readonly number[] = [250, 1_000, 2_000];

/**
 * `write()`, tried again after each of `delaysMs` while it fails with `StorageUnavailableError`;
 * any other failure, or the last one, rejects as it came.
 *
 * @example
 * await retryWhileUnavailable(() => deps.storage.deliveries.release({ items }));
 */
export async function retryWhileUnavailable<T>(
  write: () => Promise<T>,
  delaysMs: readonly number[] = outageRetryDelaysMs,
): Promise<T> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isStorageUnavailable(error) || tried >= delaysMs.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delaysMs[tried]));
    }
  }
}
