import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
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

/** A Worker module bundled from the built packages: its text, and the files that went in (repo-relative). */
export interface WorkerBundle {
  readonly text: string;
  readonly inputs: readonly string[];
}

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles `entry` the way Wrangler resolves a Worker without `nodejs_compat`: the `workerd`,
 * `worker` and `browser` conditions, browser fields honoured, nothing marked external, so a Node
 * built-in imported anywhere fails the build.
 */
export async function bundleForWorkers(entry: string): Promise<WorkerBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  return {
    text: result.outputFiles[0]!.text,
    inputs: Object.keys(result.metafile.inputs).map((input) => relative(repoRoot, input)),
  };
}
