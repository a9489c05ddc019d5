/**
 * The two steps of a read-modify-write on one record: `write` computes the change from what
 * `read` returned and attempts it as a compare-and-set against that state.
 */
export interface CompareAndSetSteps<Current, Outcome> {
  /** Reads the record as it is now; `undefined` when it is gone. */
  readonly read: () => Promise<Current | undefined>;
  /**
   * Computes the change from `current` and attempts the conditional write. `undefined` only when
   * the record no longer is `current` (another write landed first); any other value ends the
   * loop: the written record, or a refusal computed from `current`.
   */
  readonly write: (current: Current) => Promise<Outcome | undefined>;
}

/**
 * Runs a read-modify-write as a compare-and-set until it lands: reads the record, attempts the
 * conditional write, and on a lost race reads again and recomputes, so concurrent callers all
 * succeed in some serial order and none overwrites a change it did not see.
 *
 * It terminates because a race is lost only when another write to the record committed between
 * this caller's read and its write. Every round it loses therefore is a round some writer won, so
 * the writers as a whole always make progress, and a caller retries at most once for each write
 * that others commit while it runs: with any finite number of concurrent writers, it ends. There
 * is no cap on attempts, since any cap turns heavy but healthy contention into a failure for a
 * record that exists. This holds only if `write` answers `undefined` for a changed record and
 * for nothing else, and `read` sees what others committed (no stale cache or replica).
 *
 * @returns what `write` answered when it did not lose, or `undefined` when the record is gone
 *   (missing at the first read, or deleted while the call was retrying)
 */
export async function retryCompareAndSet<Current, Outcome>(
  steps: CompareAndSetSteps<Current, Outcome>,
): Promise<Outcome | undefined> {
  for (;;) {
    const current = await steps.read();
    if (current === undefined) return undefined;
    const outcome = await steps.write(current);
    if (outcome !== undefined) return outcome;
  }
}
