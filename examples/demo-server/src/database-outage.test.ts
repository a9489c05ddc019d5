import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type SwitchableProxy,
  switchableProxy,
} from '../../../packages/storage-postgres/src/switchable-proxy.test-support';
import { testDatabaseUrl } from '../../../packages/storage-postgres/src/test-database.test-support';
import { type RunningDemo, startDemo } from './spawn-demo';

const unreachable = 'affiliate-commerce demo: cannot reach the database at DATABASE_URL yet';
const reachable = 'affiliate-commerce demo: the database at DATABASE_URL answers now; demo data seeded';
const until = (check: () => unknown) => vi.waitFor(check, { timeout: 30_000, interval: 100 });
const count = (text: string, line: string) => text.split('\n').filter((l) => l.startsWith(line)).length;

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function readSubscription(demo: RunningDemo): Promise<Response> {
  return fetch(`${demo.url}/v2/ecommerceSubscriptions/sub_demo_with_end`, {
    headers: { authorization: 'Bearer demo_admin' },
  });
}

describe('demo server while DATABASE_URL does not answer (npm start; api.md §13.1 Storage)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'demo-outage-'));
  // A database of its own on the test server, reached through a proxy that refuses until `up()`.
  const database = `demo_outage_${process.pid}_${randomBytes(4).toString('hex')}`;
  const running = new Set<RunningDemo>();
  let proxy: SwitchableProxy;

  beforeAll(async () => {
    await onServer(`create database "${database}"`);
    const target = new URL(testDatabaseUrl);
    target.pathname = `/${database}`;
    proxy = await switchableProxy(target.toString(), { up: false });
  }, 30_000);

  afterAll(async () => {
    for (const demo of running) await demo.stop('SIGKILL');
    await proxy?.close();
    await onServer(`drop database if exists "${database}" with (force)`);
    rmSync(scratch, { recursive: true, force: true });
  }, 30_000);

  async function start(name: string): Promise<RunningDemo> {
    const demo = await startDemo(join(scratch, name), {
      DATABASE_URL: proxy.url,
      DEMO_LOG: join(scratch, name, 'demo.log'),
    });
    running.add(demo);
    return demo;
  }

  it('says so once, answers 503 with Retry-After meanwhile, and seeds and serves once the database answers', async () => {
    const demo = await start('waits');
    await until(() => expect(demo.output()).toContain(unreachable));

    const during = await readSubscription(demo);
    expect(during.status).toBe(503);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await during.json()).toMatchObject({ success: false, error: { code: 'STORAGE_UNAVAILABLE' } });
    expect((await fetch(`${demo.url}/health/ready`)).status).toBe(503);

    // Several background tries later: still running, the line still once, and no stack trace.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(demo.child.exitCode).toBeNull();
    expect(count(demo.output(), unreachable)).toBe(1);
    expect(demo.output()).not.toMatch(/^\s+at /m);
    expect(demo.output()).not.toContain(reachable);

    await proxy.up();
    await until(() => expect(demo.output()).toContain(reachable));
    const after = await readSubscription(demo);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ success: true, data: { id: 'sub_demo_with_end' } });
    expect((await fetch(`${demo.url}/health/ready`)).status).toBe(200);

    // The delivery worker rode out the outage: a journey's webhook reaches the demo's receiver.
    const journey = await fetch(`${demo.url}/journeys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ templateSlug: 'start-your-plan', visitorId: 'v_after_outage' }),
    });
    expect(journey.status).toBe(201);
    await until(async () => {
      const seen = (await (await fetch(`${demo.url}/demo-receiver`)).json()) as { received: unknown[] };
      expect(seen.received.length).toBeGreaterThan(0);
    });
    expect(count(demo.output(), unreachable)).toBe(1);
    expect(count(demo.output(), reachable)).toBe(1);

    running.delete(demo);
    expect((await demo.stop('SIGTERM')).code).toBe(0);
  }, 90_000);

  it('stops cleanly on SIGTERM while the database is still out of reach', async () => {
    await proxy.down();
    const demo = await start('stops');
    await until(() => expect(demo.output()).toContain(unreachable));
    running.delete(demo);
    const stopped = await demo.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect(demo.output()).not.toContain(reachable);
  }, 60_000);
});
