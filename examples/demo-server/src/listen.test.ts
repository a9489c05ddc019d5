/**
 * Where `npm start` listens: loopback by default, anywhere only when HOST says so (with a
 * warning), and a clear, prompt failure when the port is taken.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { endianness, networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startDemo } from './spawn-demo';

const root = new URL('../../../', import.meta.url).pathname;
const warning = /^warning: HOST=.*demo tokens \(master included\) are public.*private networks$/m;

/** Demos this file started itself; whatever still runs after a test is killed with its npm. */
const running = new Set<ChildProcess>();

/** `npm start` from the repository root, for runs `startDemo` does not cover (other URLs, failures). */
function npmStart(env: Record<string, string>) {
  const started = Date.now();
  // Its own process group, so a failed test can kill npm and the node it started together.
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATABASE_URL: '', HOST: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  let output = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ code, ms: Date.now() - started });
    }),
  );
  /** The first match of `pattern` in the output; fails if the demo exits or 40 s pass first. */
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`no ${pattern} within 40 s: ${output}`)), 40_000);
      const check = () => {
        const match = pattern.exec(output);
        if (!match) return;
        waiters.delete(check);
        clearTimeout(deadline);
        resolve(match);
      };
      waiters.add(check);
      check();
      void exited.then(({ code }) => {
        clearTimeout(deadline);
        reject(new Error(`demo exited with ${code}: ${output}`));
      });
    });
  return { child, exited, waitFor, output: () => output, stderr: () => stderr };
}

/** Addresses with a listening TCP socket on `port`, read from the kernel's socket tables (Linux). */
function listeningAddresses(port: number): string[] {
  const swap = (word: string) => (endianness() === 'LE' ? word.match(/../g)!.reverse().join('') : word);
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (!local || state !== '0A') continue;
      const [hex, portHex] = local.split(':') as [string, string];
      if (Number.parseInt(portHex, 16) !== port) continue;
      const words = hex.match(/.{8}/g)!.map(swap).join('');
      const bytes = words.match(/../g)!.map((byte) => Number.parseInt(byte, 16));
      addresses.push(
        bytes.length === 4
          ? bytes.join('.')
          : words
              .match(/.{4}/g)!
              .map((group) => group.replace(/^0+(?=.)/, ''))
              .join(':'),
      );
    }
  }
  return addresses;
}

/** This machine's addresses other than loopback, which another machine could connect to. */
function outsideAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);
}

/** `connected`, or the error code of the attempt (ECONNREFUSED when nothing listens there). */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(3_000, () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const hasSocketTables = existsSync('/proc/net/tcp') && existsSync('/proc/net/tcp6');

describe('where npm start listens', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'demo-listen-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  afterEach(() => {
    for (const child of running) process.kill(-child.pid!, 'SIGKILL');
  });

  it('binds 127.0.0.1 only by default, prints http://localhost:<port> and no warning', async () => {
    const demo = await startDemo(join(scratch, 'default'), { HOST: '' });
    try {
      const port = Number(new URL(demo.url).port);
      expect(demo.output()).not.toMatch(warning);
      const health = await fetch(`${demo.url}/v2/ecommerceSubscriptions/sub_demo_with_end`, {
        headers: { authorization: 'Bearer demo_admin' },
      });
      expect(health.status).toBe(200);

      let checks = 0;
      if (hasSocketTables) {
        expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
        checks++;
      }
      for (const address of outsideAddresses()) {
        expect(await tryConnect(address, port), `connect to ${address}:${port}`).toBe('ECONNREFUSED');
        checks++;
      }
      expect(checks, 'no way to observe the bound address on this machine').toBeGreaterThan(0);
    } finally {
      expect((await demo.stop('SIGTERM')).code).toBe(0);
    }
  }, 60_000);

  it('with HOST=0.0.0.0 listens on every interface, shows the host and warns once', async () => {
    // The data seeded by the test above, so this start skips seeding.
    const demo = npmStart({ DATA_DIR: join(scratch, 'default'), HOST: '0.0.0.0' });
    try {
      const port = Number((await demo.waitFor(/listening on http:\/\/0\.0\.0\.0:(\d+)\n/))[1]);
      // The warning goes to stderr and the banner to stdout: two pipes, either may arrive first.
      await demo.waitFor(/curl -X PUT/);
      await demo.waitFor(warning);
      const output = demo.output();
      expect(output.match(new RegExp(warning, 'gm'))).toHaveLength(1);
      expect(output).toContain(
        'warning: HOST=0.0.0.0 makes the demo reachable from other machines; its demo tokens (master included) are public and it can reach private networks',
      );
      // The same observations as the default case, now seeing the wider socket.
      if (hasSocketTables) expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
      for (const address of outsideAddresses()) {
        const url = `http://${address}:${port}/v2/ecommerceSubscriptions/sub_demo_with_end`;
        const response = await fetch(url, { headers: { authorization: 'Bearer demo_admin' } });
        expect(response.status).toBe(200);
      }
    } finally {
      demo.child.kill('SIGTERM');
    }
    expect((await demo.exited).code).toBe(0);
  }, 60_000);

  it('exits non-zero within seconds when PORT is taken, says so on stderr and never claims to listen', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    const dataDir = join(scratch, 'taken');
    try {
      const demo = npmStart({ DATA_DIR: dataDir, PORT: String(port) });
      const { code, ms } = await Promise.race([
        demo.exited,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`still running: ${demo.output()}`)), 20_000),
        ),
      ]);
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(ms).toBeLessThan(10_000);
      expect(demo.stderr()).toContain(
        `affiliate-commerce demo: port ${port} is in use; set PORT to another port`,
      );
      expect(demo.output()).not.toMatch(/listening/);
      // It gave up before opening storage.
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 30_000);
});
