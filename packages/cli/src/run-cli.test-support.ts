/** Runs the CLI in this process with captured output, as a terminal or a pipe. Test code only. */
import { type Io, run } from './cli';

/** How a run ended and what it printed. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The process a run pretends to be in. */
export interface CliOptions {
  readonly env?: Record<string, string | undefined>;
  readonly signal?: AbortSignal;
  /** Pretend stdout is a terminal. */
  readonly tty?: boolean;
  /** Told each stdout write as it happens (for commands that run until aborted). */
  readonly onStdout?: (text: string) => void;
}

/** `affiliate-commerce <argv>`, with no environment but `env`. */
export async function runCli(argv: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: {
      isTTY: options.tty ?? false,
      write: (text: string) => {
        stdout += text;
        options.onStdout?.(text);
      },
    },
    stderr: {
      write: (text: string) => {
        stderr += text;
      },
    },
    env: options.env ?? {},
    signal: options.signal ?? new AbortController().signal,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}
