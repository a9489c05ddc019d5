import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLogger, silentLogger } from './logger';

describe('consoleLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  const spies = () => ({
    debug: vi.spyOn(console, 'debug').mockImplementation(() => {}),
    info: vi.spyOn(console, 'info').mockImplementation(() => {}),
    warn: vi.spyOn(console, 'warn').mockImplementation(() => {}),
    error: vi.spyOn(console, 'error').mockImplementation(() => {}),
  });

  it('writes info and above by default and drops debug lines', () => {
    const console = spies();
    const logger = consoleLogger();
    logger.debug?.('client gone', { path: '/v2/webhooks' });
    logger.info('started');
    logger.warn('slow');
    logger.error('failed', { code: 1 });
    expect(console.debug).not.toHaveBeenCalled();
    expect(console.info).toHaveBeenCalledWith('started', '');
    expect(console.warn).toHaveBeenCalledWith('slow', '');
    expect(console.error).toHaveBeenCalledWith('failed', { code: 1 });
  });

  it('writes debug lines at level debug, and only errors at level error', () => {
    const console = spies();
    consoleLogger({ level: 'debug' }).debug?.('client gone', { path: '/v2/webhooks' });
    expect(console.debug).toHaveBeenCalledWith('client gone', { path: '/v2/webhooks' });
    const quiet = consoleLogger({ level: 'error' });
    quiet.info('started');
    quiet.warn('slow');
    quiet.error('failed');
    expect(console.info).not.toHaveBeenCalled();
    expect(console.warn).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledTimes(1);
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
