import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The packages the runtime scripts load from their published build, in build order. */
const packages = [
  'webhook-verify',
  'core',
  'adapters-fetch',
  'storage-postgres',
  'processor-stripe',
  'case-system-jsm',
] as const;

const root = join(import.meta.dirname, '..');

/** The newest modification time of the files under `dir`, 0 when it does not exist. */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Vitest global setup: the runtime tests run the packages' `dist`, so a package whose build is
 * missing or older than its source is built first (CI has just built them all; a fresh clone
 * running `npm test` has not).
 */
export default function setup(): void {
  for (const name of packages) {
    const dir = join(root, 'packages', name);
    const built = existsSync(join(dir, 'dist')) ? newest(join(dir, 'dist')) : 0;
    if (built > 0 && built >= newest(join(dir, 'src'))) continue;
    execFileSync('npm', ['run', 'build', '--silent', '-w', `@affiliate-commerce/${name}`], {
      cwd: root,
      stdio: 'ignore',
    });
  }
}
