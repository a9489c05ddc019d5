import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/services';

/**
 * `npm start` in each receiver example's folder, as a reader runs it, stopped the way a process
 * manager stops it: SIGTERM to npm must end the receiver and everything npm started (node,
 * esbuild), at once.
 */

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

/**
 * The processes of the group `pgid` still running, as `pid command` lines: read from /proc on
 * Linux (an exited child its parent has not reaped yet does not count), elsewhere one line when
 * `kill(-pgid, 0)` finds any.
 */
function groupMembers(pgid: number): string[] {
  if (!existsSync('/proc/self/stat')) {
    try {
      process.kill(-pgid, 0);
      return [`process group ${pgid}`];
    } catch {
      return [];
    }
  }
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the command in parentheses: state, parent, process group.
        const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(group) !== pgid || state === 'Z') return [];
        return [`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`];
      } catch {
        return []; // It exited while being read.
      }
    });
}

const groups: number[] = [];
afterAll(() => {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

describe.each([
  { example: 'receiver-express', webhooks: '/webhooks' },
  { example: 'receiver-fetch', webhooks: '/' },
])('npm start (examples/$example)', ({ example, webhooks }) => {
  const folder = new URL(`./${example}/`, import.meta.url).pathname;
  it('answers on PORT, and SIGTERM to npm ends the whole process group within seconds, with code 0', async () => {
    const port = await freePort();
    // Its own process group, so what npm started can be found (and killed) after it.
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: folder,
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret, NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const pgid = npm.pid!;
    groups.push(pgid);
    let output = '';
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${output}`)), 20_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (!output.includes('receiving webhooks on')) return;
        clearTimeout(timer);
        resolve();
      };
      npm.stdout.on('data', onData);
      npm.stderr.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code}:\n${output}`));
      });
    });
    const unsigned = await fetch(`http://127.0.0.1:${port}${webhooks}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBeGreaterThanOrEqual(400);

    const started = groupMembers(pgid);
    expect(started.length, started.join('\n')).toBeGreaterThan(0);
    const sentAt = Date.now();
    npm.kill('SIGTERM');
    while (groupMembers(pgid).length > 0 && Date.now() - sentAt < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(groupMembers(pgid), `5 s after SIGTERM; started were:\n${started.join('\n')}`).toEqual([]);
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received, stopping');
  }, 40_000);
});
