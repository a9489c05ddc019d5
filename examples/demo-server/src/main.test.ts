import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type RunningDemo, startDemo } from './spawn-demo';

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

describe('demo server log (npm start)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'demo-log-'));
  const running = new Set<RunningDemo>();
  afterAll(async () => {
    for (const demo of running) await demo.stop('SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  async function start(name: string, env: Record<string, string> = {}): Promise<RunningDemo> {
    const demo = await startDemo(join(scratch, name), env);
    running.add(demo);
    return demo;
  }

  async function stop(demo: RunningDemo): Promise<void> {
    running.delete(demo);
    expect((await demo.stop('SIGTERM')).code).toBe(0);
  }

  /** Starts a journey as the storefront does: its journey_started goes to the demo's own receiver. */
  async function startJourney(demo: RunningDemo, visitorId: string): Promise<void> {
    const response = await fetch(`${demo.url}/journeys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateSlug: 'start-your-plan', visitorId }),
    });
    expect(response.status).toBe(201);
  }

  const attempts = (text: string) =>
    text.split('\n').filter((line) => line.includes('"event":"webhook.attempt"'));
  const until = (check: () => void) => vi.waitFor(check, { timeout: 20_000, interval: 100 });

  it('keeps the banner alone in the terminal: service and worker lines go to demo.log in the data folder', async () => {
    const demo = await start('quiet');
    const file = join(scratch, 'quiet', 'demo.log');
    expect(demo.logFile).toBe(file);
    expect(demo.output()).toContain(`log: ${file} (DEMO_LOG=- shows the lines here instead)`);
    // The banner's last line: the whole banner is in.
    await until(() =>
      expect(demo.output()).toContain('(the webhooks the demo delivered to its own receiver)'),
    );
    const banner = demo.output();

    await startJourney(demo, 'v_log_1');
    await startJourney(demo, 'v_log_2');
    await until(() => expect(attempts(demo.log()).length).toBeGreaterThanOrEqual(2));
    expect(demo.log()).toContain('"event":"webhook.worker.started"');
    // A moment for a line that would still be on its way to the terminal.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(demo.output()).toBe(banner);
    expect(demo.output()).not.toContain('"level"');

    await stop(demo);
    expect(demo.output().slice(banner.length).trim()).toBe('SIGTERM received, shutting down');
    expect(demo.log()).toContain('"event":"webhook.worker.stopped"');
    for (const line of demo.log().trimEnd().split('\n')) expect(JSON.parse(line)).toHaveProperty('level');
  }, 60_000);

  it('DEMO_LOG=- shows the lines in the terminal, and writes no file', async () => {
    const demo = await start('terminal', { DEMO_LOG: '-' });
    expect(demo.logFile).toBeUndefined();
    expect(demo.output()).toContain('log: this terminal (DEMO_LOG=-)');
    await startJourney(demo, 'v_log_terminal');
    await until(() => expect(attempts(demo.output()).length).toBeGreaterThanOrEqual(1));
    await stop(demo);
    expect(existsSync(join(scratch, 'terminal', 'demo.log'))).toBe(false);
  }, 60_000);

  it('exits with code 1 and says why for a log file it cannot write or an unknown level', async () => {
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, '');
    await expect(start('unwritable', { DEMO_LOG: join(blocker, 'demo.log') })).rejects.toThrow(
      /exited early with 1: .*cannot write the log file .*a-file\/demo\.log .*set DEMO_LOG to another file, or to - for this terminal/s,
    );
    await expect(start('level', { DEMO_LOG_LEVEL: 'loud' })).rejects.toThrow(
      /exited early with 1: .*DEMO_LOG_LEVEL must be one of debug, info, warn, error, got loud/s,
    );
  }, 60_000);

  it('DEMO_LOG names another file and DEMO_LOG_LEVEL the least severe level written', async () => {
    const file = join(scratch, 'elsewhere', 'warnings.log');
    const demo = await start('levels', { DEMO_LOG: file, DEMO_LOG_LEVEL: 'warn' });
    expect(demo.logFile).toBe(file);
    await startJourney(demo, 'v_log_levels');
    await until(async () => {
      const received = (await (await fetch(`${demo.url}/demo-receiver`)).json()) as { received: unknown[] };
      expect(received.received.length).toBeGreaterThan(0);
    });
    await stop(demo);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(scratch, 'levels', 'demo.log'))).toBe(false);
    const levels = demo
      .log()
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { level: string }).level);
    expect(levels.filter((level) => level !== 'warn' && level !== 'error')).toEqual([]);
    expect(demo.output()).not.toContain('"level"');
  }, 60_000);
});
