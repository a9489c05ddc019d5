import { type Style, style } from './style';
import { jsonText, terminalText } from './terminal-text';

/** Where text goes: `process.stdout`, `process.stderr`, or a test's buffer. */
export interface Stream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/**
 * What a command prints, in human or JSON form; nothing it prints can carry a secret. The human
 * text of `result` is the command's to make safe ({@link terminalText} on every value from
 * outside); notes, warnings, errors and debug lines are one line each and escaped here whole.
 */
export interface Output {
  /** One JSON object per line instead of text. */
  readonly json: boolean;
  readonly style: Style;
  /** A result or a step of one: `human` on stdout, or `record` as one JSON line on stdout. */
  result(human: string, record: Readonly<Record<string, unknown>>): void;
  /** A hint for people on stderr; nothing with `--json`. */
  note(text: string): void;
  /** Something risky that still runs, on stderr: `warning: <message>`, or `{"type":"warning",...}` with `--json`. */
  warning(message: string): void;
  /** A failure on stderr: `error: <message>`, or `{"type":"error",...}` with `--json`. */
  error(message: string, details?: Readonly<Record<string, unknown>>): void;
  /** A `--verbose` line on stderr (`{"type":"debug",...}` with `--json`); nothing without `--verbose`. */
  debug(message: string): void;
}

/** The streams, the form of the output, and what it must never show. */
export interface OutputOptions {
  readonly stdout: Stream;
  readonly stderr: Stream;
  readonly json: boolean;
  readonly colour: boolean;
  readonly verbose: boolean;
  /**
   * Strings never to print, such as the API token: replaced by `***` wherever they would appear,
   * so no error text, echoed value or debug line can leak one (see {@link redactor}).
   */
  readonly secrets: readonly string[];
}

/** An {@link Output} writing to two streams. */
export function createOutput(options: OutputOptions): Output {
  const redact = redactor(options.secrets);
  const line = (stream: Stream, text: string) => stream.write(`${redact(text)}\n`);
  const record = (stream: Stream, value: Readonly<Record<string, unknown>>) => line(stream, jsonText(value));
  const colours = style(options.colour && !options.json);
  return {
    json: options.json,
    style: colours,
    result: (human, value) => (options.json ? record(options.stdout, value) : line(options.stdout, human)),
    note: (text) => {
      if (!options.json) line(options.stderr, terminalText(text));
    },
    warning: (message) =>
      options.json
        ? record(options.stderr, { type: 'warning', message })
        : line(options.stderr, `${colours.yellow('warning:')} ${terminalText(message)}`),
    error: (message, details = {}) =>
      options.json
        ? record(options.stderr, { type: 'error', message, ...details })
        : line(options.stderr, `${colours.red('error:')} ${terminalText(message)}`),
    debug: (message) => {
      if (!options.verbose) return;
      if (options.json) record(options.stderr, { type: 'debug', message });
      else line(options.stderr, colours.dim(terminalText(message)));
    },
  };
}

/**
 * Replaces each secret by `***` where it stands as a whole: not inside a longer run of letters
 * and digits, so a short token such as `t` leaves "http" alone, while a token quoted, in a URL or
 * after `Bearer ` is hidden.
 */
export function redactor(secrets: readonly string[]): (text: string) => string {
  const escaped = secrets
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (escaped.length === 0) return (text) => text;
  const pattern = new RegExp(`(?<![A-Za-z0-9])(?:${escaped.join('|')})(?![A-Za-z0-9])`, 'g');
  return (text) => text.replace(pattern, '***');
}
