#!/usr/bin/env node
import { run } from './cli';

// Ctrl-C ends every wait and request at once; `listen` then exits with 0, other commands with 130.
const interrupted = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interrupted.abort());
// Output piped into `head` and closed early is not a failure of the command.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
}

const code = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: interrupted.signal,
});
// Exit once what was written has been handed over, without waiting for idle keep-alive sockets.
await Promise.all(
  [process.stdout, process.stderr].map((stream) => new Promise((done) => stream.write('', done))),
);
process.exit(code);
