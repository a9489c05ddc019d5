/** One option of a command, as `parseArgs` reads it and `--help` shows it. */
export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly short?: string;
  /** The value's placeholder in the help, e.g. `<url>`; string options only. */
  readonly value?: string;
  readonly description: string;
}

/** What a command accepts and how its help reads. */
export interface CommandSpec {
  /** As typed after the tool's name: `listen`, `events list`. */
  readonly name: string;
  /** One line, for the tool's list of commands. */
  readonly summary: string;
  /** The positional arguments, all required, in order: `['event_type']`. */
  readonly positionals: readonly string[];
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** Paragraphs after the options: behaviour worth knowing before running it. */
  readonly details?: string;
  readonly examples: readonly string[];
}

/** The options of every command that calls the API. */
export const apiOptions: Readonly<Record<string, OptionSpec>> = {
  api: {
    type: 'string',
    value: '<url>',
    description:
      'Base URL of the API, without query or fragment (default http://127.0.0.1:3000, the demo of npm start)',
  },
  token: {
    type: 'string',
    value: '<token>',
    description: 'API token (default: the AFFILIATE_COMMERCE_TOKEN environment variable); never printed',
  },
};

/** The options every command has. */
export const commonOptions: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', description: 'Print one JSON object per line, for scripts' },
  verbose: { type: 'boolean', description: 'Print each API call (method, URL, status, time) on stderr' },
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
};
