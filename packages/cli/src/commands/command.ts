import type { ApiClient } from '../api/api-client';
import type { CommandSpec } from '../args/command-spec';
import type { ParsedCommand } from '../args/parse-command';
import type { Output } from '../output/output';

/** What a command runs with: its arguments, its output, and the API they name. */
export interface CommandContext {
  readonly values: ParsedCommand['values'];
  readonly positionals: ParsedCommand['positionals'];
  readonly output: Output;
  /** Aborted on Ctrl-C. */
  readonly signal: AbortSignal;
  /**
   * The API of `--api` (or the default) with the token of `--token` or `AFFILIATE_COMMERCE_TOKEN`.
   *
   * @throws UsageError when there is no token or `--api` is not a URL
   */
  api(): { readonly client: ApiClient; readonly baseUrl: string };
}

/** A command: its spec (options, help) and what it does. */
export interface Command extends CommandSpec {
  /** @returns the exit code: 0 done, 1 failed (API errors reject and become 1 too) */
  run(context: CommandContext): Promise<number>;
}

/** An option's string value, or undefined. */
export function stringValue(context: CommandContext, name: string): string | undefined {
  const value = context.values[name];
  return typeof value === 'string' ? value : undefined;
}
