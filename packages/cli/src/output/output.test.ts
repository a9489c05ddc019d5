import { describe, expect, it } from 'vitest';
import { createOutput, redactor } from './output';
import { wantsColour } from './style';

function capture(options: { json?: boolean; verbose?: boolean; colour?: boolean; secrets?: string[] } = {}) {
  const out = { stdout: '', stderr: '' };
  const output = createOutput({
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
    json: options.json ?? false,
    verbose: options.verbose ?? false,
    colour: options.colour ?? false,
    secrets: options.secrets ?? [],
  });
  return { output, out };
}

describe('redactor', () => {
  it('hides a secret wherever it stands whole: quoted, in a URL, after Bearer', () => {
    const redact = redactor(['s3cr.t+(x)']);
    expect(redact('Bearer s3cr.t+(x) "s3cr.t+(x)" ?token=s3cr.t+(x)&a')).toBe(
      'Bearer *** "***" ?token=***&a',
    );
  });

  it('leaves words that merely contain a short secret alone', () => {
    expect(redactor(['t'])('must be http, got t')).toBe('must be http, got ***');
  });

  it('hides the longer of two overlapping secrets whole', () => {
    expect(redactor(['abc', 'abc_def'])('abc_def and abc')).toBe('*** and ***');
  });

  it('does nothing without secrets', () => {
    expect(redactor(['', ''])('text')).toBe('text');
  });
});

describe('createOutput', () => {
  it('human: results on stdout, notes and errors on stderr, debug only with --verbose', () => {
    const { output, out } = capture();
    output.result('done', { type: 'x' });
    output.note('hint');
    output.error('broke', { code: 'X' });
    output.debug('GET /');
    expect(out).toEqual({ stdout: 'done\n', stderr: 'hint\nerror: broke\n' });
  });

  it('JSON: one object per line, no notes, errors and debug lines as objects on stderr', () => {
    const { output, out } = capture({ json: true, verbose: true, colour: true });
    output.result('done', { type: 'x', n: 1 });
    output.note('hint');
    output.error('broke', { code: 'X' });
    output.debug('GET /');
    expect(out.stdout).toBe('{"type":"x","n":1}\n');
    expect(
      out.stderr
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { type: 'error', message: 'broke', code: 'X' },
      { type: 'debug', message: 'GET /' },
    ]);
  });

  it('redacts the secrets in every form', () => {
    const { output, out } = capture({ json: true, secrets: ['tok_123456'] });
    output.result('', { echoed: 'Bearer tok_123456' });
    output.error('tok_123456 refused');
    expect(out.stdout + out.stderr).not.toContain('tok_123456');
  });
});

describe('wantsColour', () => {
  it('on a terminal with NO_COLOR unset or empty only', () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
    expect(wantsColour({}, {})).toBe(false);
  });
});
