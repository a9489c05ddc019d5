import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare, type MiniflareOptions } from 'miniflare';

/** workerd under Miniflare, with a temp dir of its own. */
export interface Workerd {
  readonly miniflare: Miniflare;
  /** Stops workerd and removes its temp dir. */
  dispose(): Promise<void>;
}

/**
 * Starts workerd with `options`. Miniflare keeps its state under the OS temp dir and removes
 * it without waiting on dispose, so a test process that exits right after could leave it behind;
 * here the OS temp dir is one of ours while Miniflare picks its path, and `dispose` removes it.
 */
export async function startWorkerd(options: MiniflareOptions): Promise<Workerd> {
  const dir = mkdtempSync(join(tmpdir(), 'workerd-'));
  const previous = process.env.TMPDIR;
  let miniflare: Miniflare;
  process.env.TMPDIR = dir;
  try {
    miniflare = new Miniflare(options);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
  const dispose = async () => {
    await miniflare.dispose();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  try {
    await miniflare.ready;
  } catch (error) {
    await dispose();
    throw error;
  }
  return { miniflare, dispose };
}
