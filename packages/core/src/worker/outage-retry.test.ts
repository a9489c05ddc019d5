import { describe, expect, it, vi } from 'vitest';
import { StorageUnavailableError } from '../base/errors';
import { retryWhileUnavailable } from './outage-retry';

const unavailable = () => new StorageUnavailableError('PostgreSQL is unavailable (57P01)');

describe('retryWhileUnavailable: a worker write through a short outage', () => {
  it('tries again while storage is unavailable, and answers what the write finally answered', async () => {
    const write = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(unavailable())
      .mockRejectedValueOnce(unavailable())
      .mockResolvedValue('written');
    await expect(retryWhileUnavailable(write, [0, 0, 0])).resolves.toBe('written');
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('gives up after its last pause with the outage error', async () => {
    const write = vi.fn<() => Promise<string>>().mockRejectedValue(unavailable());
    await expect(retryWhileUnavailable(write, [0, 0])).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(write).toHaveBeenCalledTimes(3);
  });

  it('never repeats a write that failed for another reason', async () => {
    const bug = new Error('column "x" does not exist');
    const write = vi.fn<() => Promise<string>>().mockRejectedValue(bug);
    await expect(retryWhileUnavailable(write, [0, 0])).rejects.toBe(bug);
    expect(write).toHaveBeenCalledTimes(1);
  });
});
