import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url).pathname;

/** A demo started the way a user starts it: `npm start` from the repository root. */
export interface RunningDemo {
  readonly child: ChildProcess;
  /** The base URL the demo printed, e.g. `http://localhost:41234`. */
  readonly url: string;
  /** Everything it printed so far, stdout and stderr interleaved. */
  readonly output: () => string;
  /** The log file the banner names; undefined when the lines go to the terminal (`DEMO_LOG=-`). */
  readonly logFile: string | undefined;
  /** What the log file holds so far ('' when there is none). */
  readonly log: () => string;
  /** Sends `signal` and resolves with the exit code and how long the exit took. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; ms: number }>;
}

/**
 * Runs `npm start` in the repository root with `PORT=0` and the data in `dataDir`, and resolves
 * once the demo printed its URL and its curl examples.
 */
export function startDemo(dataDir: string, env: Record<string, string> = {}): Promise<RunningDemo> {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_LOG: '',
      DEMO_LOG_LEVEL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const started = Date.now();
    child.kill(signal);
    const code = await exit;
    return { code, ms: Date.now() - started };
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (!match || !/curl -X PUT/.test(output)) return;
      const logFile = /^log: (.+) \(DEMO_LOG=- shows/m.exec(output)?.[1];
      const log = () => (logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
      resolve({ child, url: match[1]!, output: () => output, logFile, log, stop });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exit.then((code) => reject(new Error(`demo exited early with ${code}: ${output}`)));
  });
}
