import { describe, expect, it } from 'vitest';
import type { CommandSpec } from './command-spec';
import { apiOptions } from './command-spec';
import { dateOption, integerOption, listOption, urlOption } from './option-values';
import { parseCommand } from './parse-command';
import { UsageError } from './usage-error';

const spec: CommandSpec = {
  name: 'events resend',
  summary: 'resend',
  positionals: ['event_id'],
  options: { webhook: { type: 'string', value: '<id>', description: 'the webhook' }, ...apiOptions },
  examples: [],
};

const usageError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('no UsageError');
};

describe('parseCommand', () => {
  it('reads options in both spellings, the common ones, and the positionals by name', () => {
    const parsed = parseCommand(spec, [
      'evt_1',
      '--webhook',
      'whk_1',
      '--api=http://x',
      '--json',
      '--verbose',
    ]);
    expect(parsed.values).toMatchObject({ webhook: 'whk_1', api: 'http://x', json: true, verbose: true });
    expect(parsed.positionals).toEqual({ event_id: 'evt_1' });
    expect(parsed.help).toBe(false);
  });

  it('refuses an unknown option, naming it, and says which command to ask for help', () => {
    const error = usageError(() => parseCommand(spec, ['evt_1', '--webhok', 'whk_1']));
    expect(error.message).toBe("Unknown option '--webhok'");
    expect(error.command).toBe('events resend');
  });

  it('refuses a string option without its value', () => {
    expect(usageError(() => parseCommand(spec, ['evt_1', '--webhook'])).message).toMatch(/--webhook/);
  });

  it('refuses missing and extra positionals', () => {
    expect(usageError(() => parseCommand(spec, ['--webhook', 'w'])).message).toBe('missing <event_id>');
    expect(usageError(() => parseCommand(spec, ['evt_1', 'evt_2'])).message).toBe(
      "unexpected argument 'evt_2'",
    );
  });

  it('--help and -h skip every other check', () => {
    expect(parseCommand(spec, ['--help']).help).toBe(true);
    expect(parseCommand(spec, ['-h', 'a', 'b', 'c']).help).toBe(true);
  });
});

describe('option values', () => {
  it('--limit is a whole number within bounds', () => {
    expect(integerOption('limit', '100', 1, 100, 'events list')).toBe(100);
    for (const bad of ['0', '101', '1.5', '-1', 'ten', '']) {
      expect(() => integerOption('limit', bad, 1, 100, 'events list')).toThrow(
        '--limit must be a whole number from 1 to 100',
      );
    }
  });

  it('URLs are http or https', () => {
    expect(urlOption('api', 'https://api.example.com/base', 'listen')).toBe('https://api.example.com/base');
    expect(() => urlOption('forward-to', 'localhost:4000', 'listen')).toThrow(
      'must be an http:// or https:// URL',
    );
    expect(() => urlOption('forward-to', 'ftp://x', 'listen')).toThrow('must be an http:// or https:// URL');
  });

  it('lists split on commas, trimmed, without empty entries', () => {
    expect(listOption('events', 'order_created, journey_started,,', 'listen')).toEqual([
      'order_created',
      'journey_started',
    ]);
    expect(() => listOption('events', ' , ', 'listen')).toThrow('--events needs at least one value');
  });

  it('dates must read as dates; the API judges the exact form', () => {
    expect(dateOption('created-gte', '2026-01-31T00:00:00Z', 'events list')).toBe('2026-01-31T00:00:00Z');
    expect(() => dateOption('created-gte', 'yesterday', 'events list')).toThrow('--created-gte must be');
  });
});
