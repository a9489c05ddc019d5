import { describe, expect, it } from 'vitest';
import { retryCompareAndSet } from './compare-and-set';

/** A counter whose writes compare the version read, and a rival that commits before some of them. */
function counter(rivalWritesBefore: number[]) {
  let stored: { version: number; value: number } | undefined = { version: 1, value: 0 };
  let attempts = 0;
  return {
    attempts: () => attempts,
    stored: () => stored,
    remove: () => {
      stored = undefined;
    },
    read: async () => stored && { ...stored },
    write: async (current: { version: number; value: number }) => {
      attempts += 1;
      if (stored && rivalWritesBefore.includes(attempts))
        stored = { version: stored.version + 1, value: 100 };
      if (stored?.version !== current.version) return undefined;
      stored = { version: current.version + 1, value: current.value + 1 };
      return stored;
    },
  };
}

describe('retryCompareAndSet', () => {
  it('writes once when nobody else writes', async () => {
    const record = counter([]);
    expect(await retryCompareAndSet(record)).toEqual({ version: 2, value: 1 });
    expect(record.attempts()).toBe(1);
  });

  it('after each lost race it re-reads and computes on what the winner wrote', async () => {
    const record = counter([1, 2, 3]);
    expect(await retryCompareAndSet(record)).toEqual({ version: 5, value: 101 });
    expect(record.attempts()).toBe(4);
  });

  it('answers undefined when the record is missing, without writing', async () => {
    const record = counter([]);
    record.remove();
    expect(await retryCompareAndSet(record)).toBeUndefined();
    expect(record.attempts()).toBe(0);
  });

  it('answers undefined when the record is deleted while it retries', async () => {
    const record = counter([]);
    const outcome = await retryCompareAndSet({
      read: record.read,
      write: async () => {
        record.remove();
        return undefined;
      },
    });
    expect(outcome).toBeUndefined();
  });

  it('a refusal computed from the record ends the loop as it is', async () => {
    const record = counter([]);
    expect(await retryCompareAndSet({ read: record.read, write: async () => 'refused' as const })).toBe(
      'refused',
    );
    expect(record.stored()).toEqual({ version: 1, value: 0 });
  });
});
