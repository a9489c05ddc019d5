import type { CommandSpec, OptionSpec } from './command-spec';
import { apiOptions, commonOptions } from './command-spec';

/** The tool's name, as users type it. */
export const toolName = 'affiliate-commerce';

function flag(name: string, option: OptionSpec): string {
  return `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
}

function optionLines(options: Readonly<Record<string, OptionSpec>>, width: number): string[] {
  return Object.entries(options).map(
    ([name, option]) => `  ${flag(name, option).padEnd(width)}  ${option.description}`,
  );
}

/** The `--help` of one command: usage, options (its own, then the API's, then the common ones), details, examples. */
export function commandHelp(spec: CommandSpec): string {
  const own = Object.fromEntries(Object.entries(spec.options).filter(([name]) => !(name in apiOptions)));
  const usesApi = Object.keys(spec.options).some((name) => name in apiOptions);
  const positionals = spec.positionals.map((name) => ` <${name}>`).join('');
  const all = { ...own, ...(usesApi ? apiOptions : {}), ...commonOptions };
  const width = Math.max(...Object.entries(all).map(([name, option]) => flag(name, option).length));
  const sections = [
    `${spec.summary}.`,
    `Usage: ${toolName} ${spec.name}${positionals} [options]`,
    ['Options:', ...optionLines(own, width)].join('\n'),
    ...(usesApi ? [['API options:', ...optionLines(apiOptions, width)].join('\n')] : []),
    ['Output options:', ...optionLines(commonOptions, width)].join('\n'),
    ...(spec.details ? [spec.details] : []),
    ['Examples:', ...spec.examples.map((example) => `  ${example}`)].join('\n'),
  ];
  return `${sections.filter((section) => !section.endsWith(':')).join('\n\n')}\n`;
}

/** The help of a group of commands (`events`): their list. */
export function groupHelp(group: string, specs: readonly CommandSpec[]): string {
  const width = Math.max(...specs.map((spec) => spec.name.length));
  return `${[
    `Usage: ${toolName} ${group} <command> [options]`,
    ['Commands:', ...specs.map((spec) => `  ${spec.name.padEnd(width)}  ${spec.summary}`)].join('\n'),
    `Run '${toolName} ${group} <command> --help' for a command's options.`,
  ].join('\n\n')}\n`;
}

/** The tool's `--help`: what it is, its commands, where the token comes from, the exit codes. */
export function toolHelp(specs: readonly CommandSpec[], version: string): string {
  const width = Math.max(...specs.map((spec) => spec.name.length));
  return `${[
    `${toolName} ${version}: work with the affiliate-commerce API and its webhooks from a terminal`,
    `Usage: ${toolName} <command> [options]`,
    ['Commands:', ...specs.map((spec) => `  ${spec.name.padEnd(width)}  ${spec.summary}`)].join('\n'),
    [
      `Run '${toolName} <command> --help' for a command's options.`,
      'The API token comes from --token or AFFILIATE_COMMERCE_TOKEN and is never printed.',
      'Exit codes: 0 ok, 1 failure (an API error, a failed delivery), 2 usage error.',
    ].join('\n'),
  ].join('\n\n')}\n`;
}
