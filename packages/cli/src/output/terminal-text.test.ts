import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileText, terminalControl } from '../terminal-control.test-support';
import { jsonText, terminalText } from './terminal-text';

describe('terminalText', () => {
  it('leaves no control or bidi character of its input', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.string({ unit: 'binary' })), (text) => {
        expect(terminalText(text)).not.toMatch(terminalControl);
      }),
    );
  });

  it('shows each as an escape and leaves other text as it is', () => {
    expect(terminalText('a\u001b[31mb\n\tc\r\u009b\u202ed\u2069 Zoë')).toBe(
      'a\\u001b[31mb\\n\\tc\\r\\u009b\\u202ed\\u2069 Zoë',
    );
    expect(terminalText(204)).toBe('204');
  });
});

describe('jsonText', () => {
  it('is JSON of the same value with no control or bidi character outside its indentation', () => {
    fc.assert(
      fc.property(fc.jsonValue(), hostileText, fc.constantFrom(undefined, 2), (value, text, indent) => {
        const input = { text, value, [text]: text };
        const json = jsonText(input, indent);
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(input)));
        for (const line of json.split('\n')) expect(line).not.toMatch(terminalControl);
      }),
    );
  });
});
