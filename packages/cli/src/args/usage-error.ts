/** A command line the CLI cannot run: exit code 2, with the message and a pointer to `--help`. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  /** @param command the command whose help explains the fix, e.g. `events list`; none for the tool itself */
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
  }
}
