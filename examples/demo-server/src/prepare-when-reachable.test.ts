import { StorageUnavailableError } from '@affiliate-commerce/core';
import { describe, expect, it } from 'vitest';
import { prepareWhenReachable } from './prepare-when-reachable';

const delaysMs = { first: 5, max: 20 };

/** A `prepare` that fails with each of `failures` in turn, then succeeds; counts its calls. */
function preparer(...failures: unknown[]) {
  const calls = { count: 0 };
  const prepare = async () => {
    calls.count += 1;
    const failure = failures.shift();
    if (failure !== undefined) throw failure;
  };
  return { prepare, calls };
}

describe('prepareWhenReachable (api.md §13.1 Storage)', () => {
  it('is ready at the first try when storage answers', async () => {
    const { prepare, calls } = preparer();
    const preparing = prepareWhenReachable({ prepare, signal: new AbortController().signal, delaysMs });
    expect(await preparing.first).toBeUndefined();
    expect(await preparing.ready).toBe(true);
    expect(calls.count).toBe(1);
  });

  it('reports the first outage and tries again until storage answers', async () => {
    const outage = new StorageUnavailableError('PostgreSQL is unavailable (ECONNREFUSED)');
    const { prepare, calls } = preparer(outage, new StorageUnavailableError(), new StorageUnavailableError());
    const preparing = prepareWhenReachable({ prepare, signal: new AbortController().signal, delaysMs });
    expect(await preparing.first).toBe(outage);
    expect(await preparing.ready).toBe(true);
    expect(calls.count).toBe(4);
  });

  it('stops trying when the signal aborts', async () => {
    const { prepare, calls } = preparer(...Array.from({ length: 100 }, () => new StorageUnavailableError()));
    const stop = new AbortController();
    const preparing = prepareWhenReachable({ prepare, signal: stop.signal, delaysMs });
    await preparing.first;
    stop.abort();
    expect(await preparing.ready).toBe(false);
    const tried = calls.count;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.count).toBe(tried);
  });

  it('rejects on a failure other than an outage, at the first try or a later one', async () => {
    const bug = new Error('demo seed failed: INVALID_FIELD');
    const atFirst = prepareWhenReachable({
      prepare: preparer(bug).prepare,
      signal: new AbortController().signal,
      delaysMs,
    });
    await expect(atFirst.first).rejects.toBe(bug);
    const later = prepareWhenReachable({
      prepare: preparer(new StorageUnavailableError(), bug).prepare,
      signal: new AbortController().signal,
      delaysMs,
    });
    expect(await later.first).toBeInstanceOf(StorageUnavailableError);
    await expect(later.ready).rejects.toBe(bug);
  });
});
