/**
 * One page of a list already sorted newest first, read as the stores' cursors read it: down from
 * the top or from `startingAfter` (the rows after it), or up from `endingBefore` (the `limit`
 * rows before it, closest to it, still newest first). `hasMore`: more rows lie beyond the page in
 * the direction read. `order` compares a row with a cursor position as the list is sorted.
 */
export function cursorPage<T, P>(
  sorted: readonly T[],
  order: (row: T, position: P) => number,
  query: { readonly startingAfter?: P; readonly endingBefore?: P; readonly limit: number },
): { readonly items: readonly T[]; readonly hasMore: boolean } {
  const { startingAfter, endingBefore, limit } = query;
  if (endingBefore !== undefined) {
    const newer = sorted.filter((row) => order(row, endingBefore) < 0);
    return { items: newer.slice(Math.max(0, newer.length - limit)), hasMore: newer.length > limit };
  }
  const older = startingAfter === undefined ? sorted : sorted.filter((row) => order(row, startingAfter) > 0);
  return { items: older.slice(0, limit), hasMore: older.length > limit };
}
