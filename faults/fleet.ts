import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** How a fixture process ended. */
export interface Exit {
  readonly name: string;
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly at: number;
  /** The test stopped it on purpose (SIGTERM at the end, kill -9 in its phase). */
  readonly expected: boolean;
  /** What the test was doing when it ended. */
  readonly phase: string;
  readonly stderr: string;
}

/** A fixture process: `node --conditions=@affiliate-commerce/source --import tsx <file>`. */
export interface Fixture {
  readonly name: string;
  readonly child: ChildProcess;
  /** Resolves with the `{"ready":true,…}` line, or undefined when the process ended first or timed out. */
  readonly ready: Promise<{ url?: string } | undefined>;
  /** When the ready line came. */
  readyAt: number | undefined;
  /** When each `{"delivered":n}` line came, with n (workers). */
  readonly deliveries: { at: number; count: number }[];
  exit: Exit | undefined;
  /** The last 100 kB of stderr. */
  stderr(): string;
  /** Sends `signal`, counting the exit as expected, and resolves once it ended. */
  stop(signal: NodeJS.Signals): Promise<Exit>;
}

// Enough to keep the head of a crash whose error dumps a whole pg client after it.
const stderrKeep = 100_000;

/**
 * The fixture processes of one test: started like `npm start` runs the demo, each exit recorded
 * with the phase it happened in, so an unexpected one can be reported at the end with its stderr.
 */
export class Fleet {
  readonly all: Fixture[] = [];
  phase = 'setup';

  constructor(private readonly env: Readonly<Record<string, string>>) {
    // Should the test process end without its afterAll, no fixture may outlive it.
    process.once('exit', this.killNow);
  }

  private readonly killNow = () => {
    for (const fixture of this.all) if (fixture.exit === undefined) fixture.child.kill('SIGKILL');
  };

  start(name: string, file: string, env: Readonly<Record<string, string>> = {}, readyMs = 60_000): Fixture {
    const child = spawn(
      process.execPath,
      ['--conditions=@affiliate-commerce/source', '--import', 'tsx', `faults/fixtures/${file}`],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...this.env, ...env },
      },
    );
    let stderr = '';
    let expected = false;
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrKeep);
    });
    const exited = new Promise<Exit>((resolve) => {
      child.once('exit', (code, signal) => {
        const exit = { name, code, signal, at: Date.now(), expected, phase: this.phase, stderr };
        fixture.exit = exit;
        resolve(exit);
      });
    });
    let buffered = '';
    let onReady: (line: { url?: string }) => void = () => {};
    const ready = new Promise<{ url?: string } | undefined>((resolve) => {
      onReady = resolve;
      const timer = setTimeout(() => resolve(undefined), readyMs);
      void exited.then(() => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    const fixture: Fixture = {
      name,
      child,
      ready,
      readyAt: undefined,
      deliveries: [],
      exit: undefined,
      stderr: () => stderr,
      stop: (signal) => {
        expected = true;
        if (fixture.exit === undefined) child.kill(signal);
        return exited;
      },
    };
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        const parsed = parseLine(line);
        if (parsed?.ready) {
          fixture.readyAt ??= Date.now();
          onReady(parsed);
        }
        if (typeof parsed?.delivered === 'number')
          fixture.deliveries.push({ at: Date.now(), count: parsed.delivered });
      }
    });
    this.all.push(fixture);
    return fixture;
  }

  /** Exits the test did not cause. */
  unexpectedExits(): Exit[] {
    return this.all.flatMap((fixture) => (fixture.exit && !fixture.exit.expected ? [fixture.exit] : []));
  }

  /** Kills every process still running (afterAll, whatever happened before). */
  async killAll(): Promise<void> {
    process.removeListener('exit', this.killNow);
    await Promise.all(this.all.filter((f) => f.exit === undefined).map((f) => f.stop('SIGKILL')));
  }
}

function parseLine(line: string): { ready?: boolean; url?: string; delivered?: number } | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The gist of how a process died, from its stderr: the error line, the emitter an unhandled
 * `'error'` event came from, and its `code` (a crash dump of a pg error runs to kilobytes).
 */
export function crashSummary(stderr: string): string {
  const start = Math.max(0, stderr.lastIndexOf("Unhandled 'error' event"), stderr.lastIndexOf('\nnode:'));
  const tail = stderr.slice(start);
  const lines = tail.split('\n');
  const message = lines.find((line) => /^[A-Za-z]*(Error|error)\b/.test(line));
  const emitter = lines.find((line) => line.startsWith("Emitted 'error' event"));
  const code = /^\s*code: '([^']+)'/m.exec(tail)?.[1];
  const gist = [message, emitter, code && `code ${code}`].filter(Boolean).join(' | ');
  return gist || stderr.slice(-600);
}
