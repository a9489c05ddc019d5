/**
 * Worker processes a benchmark controls: each runs `runWorker` from a `go` message to the next
 * `halt` (answered with `{ halted: true }` once stopped), and leaves on `exit`. Benchmarks that
 * measure delivery across workers fork them from their own file with `worker` as the argument.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { runWorker, type Service, type Storage } from '@affiliate-commerce/core';
import { connectPostgres } from '@affiliate-commerce/storage-postgres';
import { benchWorkerPacing } from './bench-service';

/** One worker process's loop: connect, then deliver between `go` and `halt`. */
export async function controlledWorker(input: {
  readonly databaseUrl: string;
  readonly schema: string;
  readonly serviceOf: (storage: Storage) => Service;
}): Promise<void> {
  const storage = await connectPostgres({
    connectionString: input.databaseUrl,
    schema: input.schema,
    max: 4,
    migrate: false,
  });
  const service = input.serviceOf(storage);
  let current: { controller: AbortController; running: Promise<void> } | undefined;
  process.on('message', async (message: string) => {
    if (message === 'go' && !current) {
      const controller = new AbortController();
      current = {
        controller,
        running: runWorker({ service, signal: controller.signal, ...benchWorkerPacing }),
      };
    }
    if (message === 'halt' || message === 'exit') {
      const stopping = current;
      current = undefined;
      stopping?.controller.abort();
      await stopping?.running;
      if (message === 'exit') {
        await storage.close();
        process.exit(0);
      }
      process.send?.({ halted: true });
    }
  });
  process.send?.({ ready: true });
}

/** Forks `file` (a benchmark's own path) as a worker process, with `env` added to this one's. */
function forkWorker(file: string, env: Readonly<Record<string, string>>): ChildProcess {
  return fork(file, ['worker'], {
    execArgv: ['--conditions=@affiliate-commerce/source', '--import', 'tsx'],
    env: { ...process.env, ...env },
  });
}

/** Worker processes as a benchmark drives them. */
export interface Workers {
  /** Resolves once every process has connected. */
  readonly ready: Promise<void>;
  /** Every process starts delivering. */
  go(): void;
  /** Every process stops delivering; resolves once all have. */
  halt(): Promise<void>;
  /** Every process leaves; resolves once all have exited. */
  exit(): Promise<void>;
}

/** Forks `count` worker processes of `file` (see {@link forkWorker}). */
export function startWorkers(file: string, env: Readonly<Record<string, string>>, count: number): Workers {
  const procs = Array.from({ length: count }, () => forkWorker(file, env));
  const all = (message: string) => {
    for (const proc of procs) proc.send(message);
  };
  return {
    ready: Promise.all(procs.map((proc) => nextMessage(proc))).then(() => undefined),
    go: () => all('go'),
    async halt() {
      const halted = procs.map((proc) => nextMessage(proc));
      all('halt');
      await Promise.all(halted);
    },
    async exit() {
      const exited = procs.map((proc) => new Promise((resolve) => proc.once('exit', resolve)));
      all('exit');
      await Promise.all(exited);
    },
  };
}

/** The next message a process sends. */
export const nextMessage = <T>(proc: ChildProcess): Promise<T> =>
  new Promise((resolve) => proc.once('message', (message) => resolve(message as T)));
