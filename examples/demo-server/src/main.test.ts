import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

function start(dataDir: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    ['--conditions=@affiliate-commerce/source', '--import', 'tsx', 'examples/demo-server/src/main.ts'],
    {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match && /curl -X PUT/.test(output)) resolve({ child, url: match[1]!, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`demo exited early with ${code}: ${output}`)));
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('demo server (npm start)', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'demo-')), 'nested', 'data');
  afterAll(() => rmSync(join(dataDir, '..', '..'), { recursive: true, force: true }));

  it('prints the URL, tokens and curl examples, answers the README curl, keeps data across restarts, and exits cleanly on SIGTERM', async () => {
    const first = await start(dataDir);
    expect(first.output()).toContain('demo_super_admin');
    expect(first.output()).toContain('demo_master');
    const putLine = first
      .output()
      .split('\n')
      .find((line) => line.includes('curl -X PUT'))!;
    const renewalDate = /"renewalDate":"([\d-]+)"/.exec(putLine)![1]!;
    const response = await fetch(
      `${first.url}/v2/ecommerceSubscriptions/sub_demo_with_end/actions/setRenewalDate`,
      {
        method: 'PUT',
        headers: { authorization: 'Bearer demo_admin', 'content-type': 'application/json' },
        body: JSON.stringify({ renewalDate }),
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: { nextBillingDate: string } };
    expect(body.success).toBe(true);
    first.child.kill('SIGTERM');
    expect(await exitCode(first.child)).toBe(0);

    const second = await start(dataDir);
    const read = await fetch(`${second.url}/v2/ecommerceSubscriptions/sub_demo_with_end`, {
      headers: { authorization: 'Bearer demo_admin' },
    });
    expect(((await read.json()) as { data: { nextBillingDate: string } }).data.nextBillingDate).toBe(
      body.data.nextBillingDate,
    );
    const other = await fetch(`${second.url}/v2/ecommerceSubscriptions/sub_demo_with_end`, {
      headers: { authorization: 'Bearer demo_other_super_admin' },
    });
    expect(other.status).toBe(404);
    second.child.kill('SIGINT');
    expect(await exitCode(second.child)).toBe(0);
  }, 60_000);
});
