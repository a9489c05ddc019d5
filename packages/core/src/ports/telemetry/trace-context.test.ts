import { describe, expect, it } from 'vitest';
import { parseTraceparent } from './trace-context';

const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

describe('W3C trace context of emitted events', () => {
  it('parses a traceparent into a remote span context for a link', () => {
    expect(parseTraceparent(traceparent)).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      isRemote: true,
    });
  });

  it.each([
    undefined,
    '',
    'garbage',
    '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
    '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
    '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
    '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01',
  ])('refuses %j: no link rather than a wrong one', (value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });
});
