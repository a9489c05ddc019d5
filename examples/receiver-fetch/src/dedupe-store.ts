/**
 * Remembers which deliveries were processed, by `event_id` (docs/api.md §2.7: the deduplication key,
 * stable across retries). The sender retries for about a day and a half and can be asked to
 * retry by hand later, so remember ids for a week. In production use something shared by every
 * instance: a unique key in your database (INSERT … ON CONFLICT DO NOTHING), or Redis
 * `SET webhook:<id> 1 NX EX 604800`.
 */
export interface DedupeStore {
  /** True the first time an id is claimed; false while it is being processed or once it was. */
  claim(eventId: string): Promise<boolean>;
  /** Gives a claim back after processing failed, so the sender's retry processes it again. */
  release(eventId: string): Promise<void>;
}

/** A DedupeStore in this process's memory. @example const store = memoryDedupeStore(); */
export function memoryDedupeStore({ ttlMs = 7 * 24 * 3600 * 1000, now = Date.now } = {}): DedupeStore {
  const claimed = new Map<string, number>();
  return {
    async claim(eventId) {
      const time = now();
      for (const [id, at] of claimed) {
        if (time - at < ttlMs) break; // insertion order is claim order: the rest are younger
        claimed.delete(id);
      }
      if (claimed.has(eventId)) return false;
      claimed.set(eventId, time);
      return true;
    },
    async release(eventId) {
      claimed.delete(eventId);
    },
  };
}
