import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';

// From runtimes/: the binaries are this folder's own dependencies (runtimes/package.json), not the root's.
const require = createRequire(import.meta.url);

function packageDir(name: string): string | undefined {
  try {
    return dirname(require.resolve(`${name}/package.json`));
  } catch {
    return undefined;
  }
}

function firstExisting(runtime: string, candidates: readonly (string | undefined)[]): string {
  const found = candidates.find((path): path is string => path !== undefined && existsSync(path));
  if (found) return found;
  throw new Error(
    `${runtime} binary not found for ${platform()} ${arch()}; run npm ci --prefix runtimes (it installs the ` +
      `runtimes/ dependency and its platform package). Looked at: ${candidates.filter(Boolean).join(', ')}`,
  );
}

/**
 * The Bun binary from the `bun` dependency of runtimes/package.json. Its platform package holds
 * the binary until the `bun` postinstall moves it over the `bin/bun.exe` placeholder, so both
 * places are looked at: this works whether or not npm ran install scripts.
 */
export function bunBinary(): string {
  const cpu = arch() === 'arm64' ? 'aarch64' : arch();
  const platformDir = packageDir(`@oven/bun-${platform()}-${cpu}`);
  const wrapperDir = packageDir('bun');
  return firstExisting('Bun', [
    platformDir && join(platformDir, 'bin', 'bun'),
    wrapperDir && join(wrapperDir, 'bin', 'bun.exe'),
  ]);
}

/** The Deno binary from the platform package of runtimes/package.json's `deno` (no postinstall needed). */
export function denoBinary(): string {
  const name = platform() === 'linux' ? `@deno/linux-${arch()}-glibc` : `@deno/${platform()}-${arch()}`;
  const platformDir = packageDir(name);
  const wrapperDir = packageDir('deno');
  return firstExisting('Deno', [
    platformDir && join(platformDir, 'deno'),
    wrapperDir && join(wrapperDir, 'deno'),
  ]);
}
