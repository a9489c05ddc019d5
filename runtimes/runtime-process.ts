import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bunBinary, denoBinary } from './runtime-binaries';

/** A JavaScript runtime the tests start scripts under. */
export interface Runtime {
  readonly name: 'Bun' | 'Deno';
  /** The command line running `script` under this runtime. */
  command(script: string): { file: string; args: string[] };
}

/** Bun: `bun run`, never installing packages on the fly. */
export const bun: Runtime = {
  name: 'Bun',
  command: (script) => ({ file: bunBinary(), args: ['run', '--no-install', script] }),
};

/**
 * Deno with the permissions a host gives the API: network, environment and reading its own
 * modules; nothing is prompted for.
 */
export const deno: Runtime = {
  name: 'Deno',
  command: (script) => ({
    file: denoBinary(),
    args: ['run', '--no-prompt', '--allow-net', '--allow-env', '--allow-read', script],
  }),
};

/** A script running under a runtime, stopped by closing its stdin. */
export interface RunningScript<Info> {
  /** The JSON line the script printed first. */
  readonly info: Info;
  /** Closes the script's stdin, waits for it to exit (killing it after 10 s) and removes its temp dir. */
  stop(): Promise<void>;
}

const startTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;

/**
 * Starts `script` under `runtime` and waits for the first line it prints on stdout, which must be
 * JSON. The runtime's caches go to a temp dir of the script's own, so nothing is left behind.
 */
export async function startScript<Info>(input: {
  runtime: Runtime;
  script: string;
  env?: Record<string, string>;
}): Promise<RunningScript<Info>> {
  const cacheDir = mkdtempSync(join(tmpdir(), `runtime-${input.runtime.name.toLowerCase()}-`));
  const { file, args } = input.runtime.command(input.script);
  const child = spawn(file, args, {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: cacheDir,
      DENO_DIR: join(cacheDir, 'deno'),
      DENO_NO_UPDATE_CHECK: '1',
      BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0',
      NO_COLOR: '1',
      ...input.env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const cleanUp = () => rmSync(cacheDir, { recursive: true, force: true });
  const stop = async () => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
    await exited;
    clearTimeout(timer);
    cleanUp();
  };
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no output within 60 s')), startTimeoutMs);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const end = stdout.indexOf('\n');
        if (end >= 0) {
          clearTimeout(timer);
          resolve(stdout.slice(0, end));
        }
      });
      child.once('error', reject);
      void exited.then((code) => reject(new Error(`exited with code ${code} before printing`)));
    });
    return { info: JSON.parse(line) as Info, stop };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    cleanUp();
    throw new Error(
      `${input.runtime.name} ${input.script}: ${String(error)}\nstdout: ${stdout}\nstderr: ${stderr}`,
    );
  }
}
