import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemo } from './spawn-demo';

describe('demo server (npm start)', () => {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'demo-')), 'nested', 'data');
  afterAll(() => rmSync(join(dataDir, '..', '..'), { recursive: true, force: true }));

  it('prints the URL, tokens and curl examples, answers the README curl, keeps data across restarts, and exits cleanly on SIGTERM', async () => {
    const first = await startDemo(dataDir);
    expect(first.output()).toContain('demo_super_admin');
    expect(first.output()).toContain('demo_master');
    expect(first.output()).toContain(
      `PGlite in ${join(dataDir, 'pglite')} (kept across restarts; to start over`,
    );
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
    expect((await first.stop('SIGTERM')).code).toBe(0);

    const second = await startDemo(dataDir);
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
    expect((await second.stop('SIGINT')).code).toBe(0);
  }, 60_000);
});
