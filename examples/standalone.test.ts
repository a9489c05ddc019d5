import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signWebhook } from '@affiliate-commerce/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/services';

/**
 * The receiver examples outside the repository, as a reader who copies one gets it: the
 * workspace packages they import are packed (`npm pack`), the example folder is copied to a
 * temporary folder with its dependencies pointing at those tarballs, installed with npm and
 * started with `npm start`; a signed delivery must be accepted and a tampered one refused.
 */

const root = join(import.meta.dirname, '..');
const examples = ['receiver-express', 'receiver-fetch'] as const;
const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const workspacePrefix = '@affiliate-commerce/';

let work: string;
const tarballs = new Map<string, string>();
const running: ChildProcess[] = [];

const run = (command: string, args: string[], cwd: string): string =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Packs a workspace package (building it first when its `dist` is missing) and returns the tarball. */
function pack(name: string): string {
  const known = tarballs.get(name);
  if (known) return known;
  const dir = join(root, 'packages', name.slice(workspacePrefix.length));
  if (!existsSync(join(dir, 'dist'))) run('npm', ['run', 'build', '--silent', '-w', name], root);
  const out = mkdtempSync(join(work, 'pack-'));
  run('npm', ['pack', '--silent', '--pack-destination', out, '-w', name], root);
  const [file] = readdirSync(out).filter((entry) => entry.endsWith('.tgz'));
  if (!file) throw new Error(`npm pack wrote no tarball for ${name}`);
  const tarball = join(out, file);
  tarballs.set(name, tarball);
  return tarball;
}

/** Copies an example without tests or installed modules and points its workspace deps at tarballs. */
function copyExample(example: string): string {
  const from = join(root, 'examples', example);
  const to = join(work, example);
  cpSync(from, to, {
    recursive: true,
    filter: (path) => !/node_modules|\.test\.ts$|vitest\.config\.ts$/.test(path.slice(from.length)),
  });
  const manifest = JSON.parse(readFileSync(join(to, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  for (const name of Object.keys(manifest.dependencies)) {
    if (name.startsWith(workspacePrefix)) manifest.dependencies[name] = `file:${pack(name)}`;
  }
  // The tests and their tools stay in the repository; the copy only needs to run.
  delete manifest.devDependencies;
  writeFileSync(join(to, 'package.json'), JSON.stringify(manifest, null, 2));
  return to;
}

/** `npm start` in `dir` on `port`; resolves once it logs that it is receiving. */
function start(dir: string, port: number): Promise<void> {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: secret, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('receiving webhooks on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'affiliate-commerce-examples-'));
});

afterAll(() => {
  for (const child of running) {
    // Stop the whole process group: npm, and the node it replaced itself with.
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  }
  rmSync(work, { recursive: true, force: true });
});

describe.each(examples)('examples/%s, copied out of the repository', (example) => {
  it('installs from its package.json alone, starts with npm start on PORT and verifies a signed delivery', async () => {
    const dir = copyExample(example);
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], dir);
    const port = await freePort();
    await start(dir, port);

    const body = JSON.stringify({
      event_type: 'order_created',
      event_id: `evt_standalone_${example}`,
      api_version: '2026-08-17',
      timestamp: new Date().toISOString(),
      timestamp_epoch: Math.floor(Date.now() / 1000),
      affiliate_id: 'aff_1',
      order_id: 'ord_1',
      patient_marketing_consent: false,
      is_returning_patient: false,
    });
    const post = (payload: string) =>
      fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        body: payload,
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': signWebhook({ payload: body, secret }),
        },
      });

    const accepted = await post(body);
    expect([accepted.status, await accepted.json()]).toEqual([200, { received: true }]);
    const tampered = await post(body.replace('ord_1', 'ord_2'));
    expect([tampered.status, await tampered.json()]).toEqual([401, { error: 'NO_MATCHING_SIGNATURE' }]);
  });
});
