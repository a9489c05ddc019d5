import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'vitest';
import { freePort, skipWithout, testRedisUrl } from './services';

export { testRedisUrl };

/**
 * `describe` for tests that need the Redis server at `testRedisUrl`: on a machine without one the
 * suite skips and the run ends with one line naming it. Under `CI=true` it never skips.
 */
export function describeWithRedis(name: string, suite: () => void): void {
  describe.skipIf(skipWithout('redis', name))(name, suite);
}

/** A Redis server of a test's own, which it may stop and start again on the same port. */
export interface OwnRedisServer {
  readonly url: string;
  /** Starts it, without persistence, and resolves once it answers PING. */
  start(): Promise<void>;
  /** `SHUTDOWN NOSAVE`: clients see the connection close and reconnect attempts refused. */
  stop(): Promise<void>;
  /** Stops it if it runs and removes its folder. */
  remove(): Promise<void>;
  /** The number of keys under `prefix`, to see that a limiter counts on this server. */
  keys(prefix: string): Promise<number>;
}

/**
 * Starts `redis-server` on a free port of 127.0.0.1 in a temporary folder, for tests that stop
 * Redis: the shared server at `testRedisUrl` is never stopped. Use inside `describeWithRedis`.
 */
export async function ownRedisServer(): Promise<OwnRedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-own-'));
  const port = await freePort();
  const cli = (...args: string[]) => run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
  const answers = () =>
    cli('ping').then(
      (out) => out.trim() === 'PONG',
      () => false,
    );
  let running = false;
  const server: OwnRedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      await run('redis-server', [
        ...['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        ...['--daemonize', 'yes', '--pidfile', join(dir, 'pid'), '--dir', dir, '--logfile', join(dir, 'log')],
      ]);
      running = true;
      for (let tries = 0; !(await answers()); tries += 1) {
        if (tries === 100) throw new Error(`redis-server on port ${port} did not answer PING`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      // redis-cli reports the connection the server closed as it shuts down; that is the success.
      await cli('shutdown', 'nosave').catch(() => undefined);
      running = false;
      if (await answers()) throw new Error(`redis-server on port ${port} still answers after SHUTDOWN`);
    },
    async remove() {
      process.removeListener('exit', removeNow);
      if (running) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    async keys(prefix) {
      return (await cli('--scan', '--pattern', `${prefix}*`)).split('\n').filter(Boolean).length;
    },
  };
  // A test process that ends before `remove` (a failed hook, a timeout) leaves no server behind.
  const removeNow = () => {
    try {
      execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'shutdown', 'nosave'], {
        stdio: 'ignore',
        timeout: 5_000,
      });
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', removeNow);
  try {
    await server.start();
  } catch (error) {
    removeNow();
    throw error;
  }
  return server;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 10_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
    );
  });
}
