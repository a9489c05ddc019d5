import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { pinoLogger } from './pino-logger';

/** A pino logger writing into an array, one parsed object per line. */
function capture(level: pino.Level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

describe('pinoLogger', () => {
  it('passes the fields as pino’s merging object and the message as msg, at the same level', () => {
    const { lines, logger } = capture();
    const port = pinoLogger(logger);
    port.info('webhook attempt succeeded', {
      event: 'webhook.attempt',
      webhookId: 'whk_1',
      attempt: 1,
      statusCode: 200,
      latencyMs: 31,
      outcome: 'succeeded',
    });
    port.warn('webhook endpoint disabled', { event: 'webhook.endpoint_disabled', reason: 'gone' });
    port.error('failed');
    port.debug?.('dropped at level info');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'webhook attempt succeeded',
      event: 'webhook.attempt',
      webhookId: 'whk_1',
      attempt: 1,
      statusCode: 200,
      latencyMs: 31,
      outcome: 'succeeded',
    });
    expect(typeof lines[0]!.time).toBe('number');
    expect(lines[1]).toMatchObject({ level: 40, msg: 'webhook endpoint disabled', reason: 'gone' });
    expect(lines[2]).toMatchObject({ level: 50, msg: 'failed' });
  });

  it('writes an error in the fields out, and passes debug lines when pino takes them', () => {
    const { lines, logger } = capture('debug');
    const port = pinoLogger(logger);
    port.error('Unexpected error while serving a request', { cause: new RangeError('out of range') });
    port.debug?.('client gone', { path: '/v2/webhooks' });
    expect(lines[0]!.cause).toMatchObject({ name: 'RangeError', message: 'out of range' });
    expect(lines[1]).toMatchObject({ level: 20, msg: 'client gone', path: '/v2/webhooks' });
  });
});
