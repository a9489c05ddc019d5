import { apiClient } from './api/api-client';
import { ApiError } from './api/api-error';
import { commandHelp, groupHelp, toolHelp, toolName } from './args/help-text';
import { apiUrlOption, sendsInClear } from './args/option-values';
import { parseCommand } from './args/parse-command';
import { UsageError } from './args/usage-error';
import type { Command, CommandContext } from './commands/command';
import { eventsGetCommand } from './commands/events-get';
import { eventsListCommand } from './commands/events-list';
import { eventsResendCommand } from './commands/events-resend';
import { listenCommand } from './commands/listen';
import { triggerCommand } from './commands/trigger';
import { version } from './commands/version';
import { createOutput, type Output, type Stream } from './output/output';
import { wantsColour } from './output/style';
import { terminalText } from './output/terminal-text';

/** Every command, in the order `--help` lists them. */
export const commands: readonly Command[] = [
  listenCommand,
  triggerCommand,
  eventsListCommand,
  eventsGetCommand,
  eventsResendCommand,
];

/** Where the API is when `--api` is not given: the demo `npm start` runs. */
export const defaultApiUrl = 'http://127.0.0.1:3000';

/** The process the CLI runs in: its streams, its environment, and Ctrl-C. */
export interface Io {
  readonly stdout: Stream;
  readonly stderr: Stream;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted on Ctrl-C (SIGINT) or SIGTERM. */
  readonly signal: AbortSignal;
}

/**
 * Runs one command line (the arguments after the program's name).
 *
 * @returns the exit code: 0 done, 1 failed, 2 usage error, 130 interrupted (but `listen`: 0)
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stderr.write(toolHelp(commands, version));
    return 2;
  }
  if (first === '--help' || first === '-h') return print(io.stdout, toolHelp(commands, version), 0);
  if (first === '--version') return print(io.stdout, `${version}\n`, 0);
  if (first === 'help') return help(rest, io);
  const found = findCommand(argv);
  if (found.kind === 'group') {
    const text = groupHelp(found.name, found.commands);
    return found.asked ? print(io.stdout, text, 0) : print(io.stderr, text, 2);
  }
  const output = outputFor(argv, io);
  if (found.kind === 'unknown') return usageFailure(output, found.error, found.helpFor);
  try {
    const parsed = parseCommand(found.command, found.args);
    if (parsed.help) return print(io.stdout, commandHelp(found.command), 0);
    return await found.command.run(contextFor(found.command, parsed, outputFor(argv, io, parsed.values), io));
  } catch (error) {
    if (error instanceof UsageError) return usageFailure(output, error.message, error.command);
    if (error instanceof ApiError) {
      const message = error.status === 0 ? `API unreachable: ${error.message}` : error.describe();
      output.error(message, {
        status: error.status,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
      });
      return 1;
    }
    if (io.signal.aborted) return 130;
    output.error(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

type Found =
  | { kind: 'command'; command: Command; args: readonly string[] }
  | { kind: 'group'; name: string; commands: readonly Command[]; asked: boolean }
  | { kind: 'unknown'; error: string; helpFor?: string };

/** The command the first one or two words name and the arguments after them, or a group's help. */
function findCommand(argv: readonly string[]): Found {
  const [first = '', second] = argv;
  const pair = commands.find((command) => command.name === `${first} ${second}`);
  if (pair) return { kind: 'command', command: pair, args: argv.slice(2) };
  const single = commands.find((command) => command.name === first);
  if (single) return { kind: 'command', command: single, args: argv.slice(1) };
  const group = commands.filter((command) => command.name.startsWith(`${first} `));
  if (group.length === 0) return { kind: 'unknown', error: `unknown command '${first}'` };
  if (second === undefined || second === '--help' || second === '-h') {
    return { kind: 'group', name: first, commands: group, asked: second !== undefined };
  }
  const names = group.map((command) => command.name).join(', ');
  return {
    kind: 'unknown',
    error: `unknown command '${first} ${second}' (one of: ${names})`,
    helpFor: first,
  };
}

/** `help`, `help <command>`, and `<group> --help`. */
function help(words: readonly string[], io: Io): number {
  const name = words.join(' ');
  if (name === '') return print(io.stdout, toolHelp(commands, version), 0);
  const command = commands.find((candidate) => candidate.name === name);
  if (command) return print(io.stdout, commandHelp(command), 0);
  const group = commands.filter((candidate) => candidate.name.startsWith(`${name} `));
  if (group.length > 0) return print(io.stdout, groupHelp(name, group), 0);
  io.stderr.write(`error: unknown command '${terminalText(name)}'\n`);
  return 2;
}

function usageFailure(output: Output, message: string, command?: string): number {
  output.error(message, { code: 'USAGE' });
  output.note(`Run '${toolName}${command ? ` ${command}` : ''} --help' for usage.`);
  return 2;
}

/** The output of a command line: JSON with `--json`, colours on a terminal, the token never shown. */
function outputFor(
  argv: readonly string[],
  io: Io,
  values?: Readonly<Record<string, string | boolean | undefined>>,
): Output {
  const json = values ? values.json === true : argv.includes('--json');
  return createOutput({
    stdout: io.stdout,
    stderr: io.stderr,
    json,
    colour: wantsColour(io.stdout, io.env),
    verbose: values ? values.verbose === true : argv.includes('--verbose'),
    secrets: [...tokensIn(argv), io.env.AFFILIATE_COMMERCE_TOKEN ?? ''],
  });
}

/** Every value given to `--token`, parsed or not, so not even a usage error can echo one. */
function tokensIn(argv: readonly string[]): string[] {
  return argv.flatMap((arg, i) =>
    arg === '--token'
      ? [argv[i + 1] ?? '']
      : arg.startsWith('--token=')
        ? [arg.slice('--token='.length)]
        : [],
  );
}

function contextFor(
  command: Command,
  parsed: ReturnType<typeof parseCommand>,
  output: Output,
  io: Io,
): CommandContext {
  const option = (name: string) => {
    const value = parsed.values[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  let warnedInClear = false;
  return {
    values: parsed.values,
    positionals: parsed.positionals,
    output,
    signal: io.signal,
    api: () => {
      const token = option('token') ?? io.env.AFFILIATE_COMMERCE_TOKEN;
      if (!token) {
        throw new UsageError(
          'no API token: pass --token <token> or set AFFILIATE_COMMERCE_TOKEN',
          command.name,
        );
      }
      const baseUrl = apiUrlOption('api', option('api') ?? defaultApiUrl, command.name);
      if (sendsInClear(baseUrl) && !warnedInClear) {
        warnedInClear = true;
        output.warning(
          `--api ${baseUrl} is plain http:// to another machine: the token and every answer travel unencrypted; use https://`,
        );
      }
      const client = apiClient({
        baseUrl,
        token,
        signal: io.signal,
        onExchange: (call) =>
          output.debug(`${call.method} ${call.url} → ${call.status || 'no answer'} (${call.ms} ms)`),
      });
      return { client, baseUrl };
    },
  };
}

function print(stream: Stream, text: string, code: number): number {
  stream.write(text);
  return code;
}
