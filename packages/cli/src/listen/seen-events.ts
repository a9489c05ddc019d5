/**
 * The event ids a session has forwarded, the newest `capacity` of them: an id offered again is
 * refused, and memory stays bounded however long the session runs.
 */
export function seenEvents(capacity = 10_000) {
  const ids = new Set<string>();
  return {
    /** True the first time an id is offered, false when it is among the remembered ones. */
    firstTime(id: string): boolean {
      if (ids.has(id)) return false;
      ids.add(id);
      // A Set iterates in insertion order: the first is the oldest.
      if (ids.size > capacity) ids.delete(ids.values().next().value!);
      return true;
    },
    get size(): number {
      return ids.size;
    },
  };
}
