import type { ServiceDeps } from '../deps/service-deps';
import type { PruneCounts } from '../storage/delivery-store';

const day = 24 * 60 * 60 * 1000;

/** Options of {@link pruneDeliveries}. */
export interface PruneOptions {
  /**
   * Succeeded and cancelled deliveries last changed longer ago than this go, and so do events that
   * occurred longer ago than this once no delivery refers to them (the event log's reach). Default 30 days.
   */
  readonly olderThanMs?: number;
  /** Failed deliveries last changed longer ago than this go. Default 90 days. */
  readonly failedOlderThanMs?: number;
  /** Rows per statement; each batch is its own short statement. Default 1,000. */
  readonly batchSize?: number;
  /** Stops between batches (what was removed stays removed). */
  readonly signal?: AbortSignal;
}

/** Defaults of {@link PruneOptions}. */
export const pruneDefaults = {
  olderThanMs: 30 * day,
  failedOlderThanMs: 90 * day,
  batchSize: 1_000,
} as const;

function checkMs(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0)
    throw new TypeError(`@affiliate-commerce/core: prune ${name} must be a number of milliseconds >= 0`);
}

/**
 * Outbox retention: deletes finished deliveries (succeeded or cancelled after `olderThanMs`,
 * failed after `failedOlderThanMs`, counted from their last change) with their attempts, then the
 * events no delivery refers to any more that are older than `olderThanMs`. Works in batches of
 * `batchSize` rows, each its own short statement that passes over locked rows, so claims never
 * wait on it; pending deliveries are never touched. An event's id is its emission's idempotency
 * key: once pruned, emitting the same key again makes a new event.
 *
 * @returns how many deliveries, attempts and events it removed
 */
export async function pruneDeliveries(deps: ServiceDeps, options: PruneOptions = {}): Promise<PruneCounts> {
  const olderThanMs = options.olderThanMs ?? pruneDefaults.olderThanMs;
  const failedOlderThanMs = options.failedOlderThanMs ?? pruneDefaults.failedOlderThanMs;
  const limit = options.batchSize ?? pruneDefaults.batchSize;
  checkMs('olderThanMs', olderThanMs);
  checkMs('failedOlderThanMs', failedOlderThanMs);
  if (!Number.isInteger(limit) || limit < 1)
    throw new TypeError('@affiliate-commerce/core: prune batchSize must be a whole number from 1');
  const now = deps.clock.now().getTime();
  const succeededBefore = new Date(now - olderThanMs);
  const failedBefore = new Date(now - failedOlderThanMs);
  const total = { deliveries: 0, attempts: 0, events: 0 };
  for (;;) {
    if (options.signal?.aborted) break;
    const batch = await deps.storage.deliveries.prune({ succeededBefore, failedBefore, limit });
    total.deliveries += batch.deliveries;
    total.attempts += batch.attempts;
    total.events += batch.events;
    if (batch.deliveries < limit && batch.events < limit) break;
  }
  return total;
}
