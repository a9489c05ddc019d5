import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLogger, silentLogger } from './logger';

const at = new Date('2026-11-24T08:00:00.000Z');
const now = () => at;

describe('consoleLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  const spies = () => ({
    debug: vi.spyOn(console, 'debug').mockImplementation(() => {}),
    info: vi.spyOn(console, 'info').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
  });
  /** The one line a spy was called with, parsed. */
  const lineOf = (spy: ReturnType<typeof spies>['info'], call = 0) => {
    const args = spy.mock.calls[call]!;
    expect(args).toHaveLength(1);
    const text = args[0] as string;
    expect(text).not.toContain('\n');
    return JSON.parse(text) as Record<string, unknown>;
  };

  it('writes one JSON line per call: level, time, msg, then the fields', () => {
    const console = spies();
    const logger = consoleLogger({ now });
    logger.info('webhook attempt succeeded', {
      event: 'webhook.attempt',
      webhookId: 'whk_1',
      statusCode: 200,
    });
    logger.warn('slow');
    const text = console.info.mock.calls[0]![0] as string;
    expect(text).toBe(
      '{"level":"info","time":"2026-11-24T08:00:00.000Z","msg":"webhook attempt succeeded","event":"webhook.attempt","webhookId":"whk_1","statusCode":200}',
    );
    expect(lineOf(console.warn)).toEqual({ level: 'warn', time: at.toISOString(), msg: 'slow' });
  });

  it('writes errors out with their name, message, stack, cause and code, and survives cycles and bigints', () => {
    const console = spies();
    const cause = Object.assign(new TypeError('socket hang up', { cause: new Error('reset') }), {
      code: 'ECONNRESET',
    });
    const cyclic: Record<string, unknown> = { id: 'x' };
    cyclic.self = cyclic;
    consoleLogger({ now }).error('Unexpected error while serving a request', {
      cause,
      cyclic,
      big: 10n,
      at,
      msg: 'a field may not replace the message',
    });
    const line = lineOf(console.error);
    expect(line.msg).toBe('Unexpected error while serving a request');
    expect(line.cause).toMatchObject({
      name: 'TypeError',
      message: 'socket hang up',
      code: 'ECONNRESET',
      cause: { name: 'Error', message: 'reset' },
    });
    expect((line.cause as { stack: string }).stack).toContain('socket hang up');
    expect(line.cyclic).toEqual({ id: 'x', self: '[Circular]' });
    expect(line.big).toBe('10');
    expect(line.at).toBe(at.toISOString());
  });

  it('writes info and above by default and drops debug lines', () => {
    const console = spies();
    const logger = consoleLogger({ now });
    logger.debug?.('client gone', { path: '/v2/webhooks' });
    logger.info('started');
    logger.error('failed', { code: 1 });
    expect(console.debug).not.toHaveBeenCalled();
    expect(lineOf(console.info).msg).toBe('started');
    expect(lineOf(console.error)).toMatchObject({ level: 'error', msg: 'failed', code: 1 });
  });

  it('writes debug lines at level debug, and only errors at level error', () => {
    const console = spies();
    consoleLogger({ level: 'debug', now }).debug?.('client gone', { path: '/v2/webhooks' });
    expect(lineOf(console.debug)).toMatchObject({ level: 'debug', msg: 'client gone', path: '/v2/webhooks' });
    const quiet = consoleLogger({ level: 'error' });
    quiet.info('started');
    quiet.warn('slow');
    quiet.error('failed');
    expect(console.info).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledTimes(1);
    expect(Date.parse(lineOf(console.error).time as string)).not.toBeNaN();
  });

  it('silentLogger writes nothing at any level', () => {
    const console = spies();
    const logger = silentLogger();
    logger.debug?.('a');
    logger.info('b');
    logger.warn('c');
    logger.error('d');
    for (const spy of Object.values(console)) expect(spy).not.toHaveBeenCalled();
  });
});
