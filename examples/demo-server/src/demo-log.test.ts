import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoLogSettings, openDemoLog } from './demo-log';

const scratch = mkdtempSync(join(tmpdir(), 'demo-log-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const where = { dataRoot: '/srv/app/.data', cwd: '/srv/app' };

describe('demoLogSettings', () => {
  it('writes to demo.log in the data folder by default, from info up', () => {
    expect(demoLogSettings({}, where)).toEqual({ file: '/srv/app/.data/demo.log', level: 'info' });
  });

  it('writes to the OS temp folder when the data is on a PostgreSQL server', () => {
    expect(demoLogSettings({ DATABASE_URL: 'postgres://db/app' }, where)).toEqual({
      file: join(tmpdir(), 'affiliate-commerce-demo.log'),
      level: 'info',
    });
  });

  it('takes DEMO_LOG as a file relative to where npm start was typed, or - for the terminal', () => {
    expect(demoLogSettings({ DEMO_LOG: 'logs/demo.log' }, where)).toMatchObject({
      file: '/srv/app/logs/demo.log',
    });
    expect(demoLogSettings({ DEMO_LOG: '/var/log/demo.log' }, where)).toMatchObject({
      file: '/var/log/demo.log',
    });
    expect(demoLogSettings({ DEMO_LOG: '-', DATABASE_URL: 'postgres://db/app' }, where)).toEqual({
      file: undefined,
      level: 'info',
    });
  });

  it('takes DEMO_LOG_LEVEL in any case, and names the levels for anything else', () => {
    expect(demoLogSettings({ DEMO_LOG_LEVEL: 'WARN' }, where)).toMatchObject({ level: 'warn' });
    expect(demoLogSettings({ DEMO_LOG_LEVEL: 'debug' }, where)).toMatchObject({ level: 'debug' });
    expect(demoLogSettings({ DEMO_LOG_LEVEL: 'verbose' }, where)).toBe(
      'DEMO_LOG_LEVEL must be one of debug, info, warn, error, got verbose',
    );
  });
});

describe('openDemoLog', () => {
  const linesOf = (file: string) =>
    readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it('appends one JSON line a call, from its level up, with errors written out', () => {
    const file = join(scratch, 'nested', 'demo.log');
    const log = openDemoLog({ file, level: 'info' });
    expect(log.where).toBe(`${file} (DEMO_LOG=- shows the lines here instead)`);
    log.logger.debug?.('dropped');
    log.logger.info('webhook worker started', { event: 'webhook.worker.started', concurrency: 8 });
    log.logger.error('failed', { cause: new Error('boom'), level: 'not the level' });
    log.close();
    log.logger.warn('after close');
    const [started, failed, ...rest] = linesOf(file);
    expect(rest).toEqual([]);
    expect(started).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      msg: 'webhook worker started',
      event: 'webhook.worker.started',
      concurrency: 8,
    });
    expect(failed).toMatchObject({
      level: 'error',
      msg: 'failed',
      cause: { name: 'Error', message: 'boom', stack: expect.stringContaining('boom') },
    });
  });

  it('keeps what the file held, and stops at its level', () => {
    const file = join(scratch, 'kept.log');
    writeFileSync(file, '{"level":"info","msg":"before"}\n');
    const log = openDemoLog({ file, level: 'warn' });
    log.logger.info('dropped');
    log.logger.warn('kept');
    log.close();
    expect(linesOf(file).map((line) => line.msg)).toEqual(['before', 'kept']);
  });

  it('throws when the file cannot be opened, and writes nothing for the terminal', () => {
    const blocker = join(scratch, 'a-file');
    writeFileSync(blocker, '');
    expect(() => openDemoLog({ file: join(blocker, 'demo.log'), level: 'info' })).toThrow();
    const terminal = openDemoLog({ file: undefined, level: 'info' });
    expect(terminal.where).toBe('this terminal (DEMO_LOG=-)');
    expect(existsSync(join(scratch, 'demo.log'))).toBe(false);
  });
});
