import { parseArgs } from 'node:util';
import { type CommandSpec, commonOptions } from './command-spec';
import { UsageError } from './usage-error';

/** A command line read against its spec: option values by name and the positionals by name. */
export interface ParsedCommand {
  readonly values: Readonly<Record<string, string | boolean | undefined>>;
  readonly positionals: Readonly<Record<string, string>>;
  /** `--help` was given: show the help, check nothing else. */
  readonly help: boolean;
}

/**
 * Reads the arguments after a command's name: known options only, each string option with a
 * value, exactly the spec's positionals (unless `--help` asks for the help instead).
 *
 * @throws UsageError on an unknown option, a missing value, or missing or extra positionals
 */
export function parseCommand(spec: CommandSpec, args: readonly string[]): ParsedCommand {
  const options = { ...spec.options, ...commonOptions };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...args],
      options: Object.fromEntries(
        Object.entries(options).map(([name, option]) => [
          name,
          option.short ? { type: option.type, short: option.short } : { type: option.type },
        ]),
      ),
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(parseArgsMessage(error), spec.name);
  }
  const help = parsed.values.help === true;
  if (!help) {
    const missing = spec.positionals.slice(parsed.positionals.length);
    if (missing.length > 0) throw new UsageError(`missing <${missing.join('> <')}>`, spec.name);
    const extra = parsed.positionals.slice(spec.positionals.length);
    if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}'`, spec.name);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  return {
    values,
    positionals: Object.fromEntries(spec.positionals.map((name, i) => [name, parsed.positionals[i] ?? ''])),
    help,
  };
}

/**
 * `parseArgs`'s message without its advice for scripts (`To specify a positional argument
 * starting with a '-', place it at the end of the command after '--'`), which confuses here.
 */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('. To specify')[0]!.replace(/\.$/, '');
}
