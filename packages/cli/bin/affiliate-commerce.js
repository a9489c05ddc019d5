#!/usr/bin/env node
// The built command (dist/main.js). In a checkout of the repository that has not been built, the
// same command from its TypeScript source through tsx, so `npx affiliate-commerce` works right
// after `npm ci`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const built = new URL('../dist/main.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const source = new URL('../src/main.ts', import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [
      '--conditions=@affiliate-commerce/source',
      '--import',
      import.meta.resolve('tsx'),
      source,
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  // Ctrl-C reaches the child from the terminal; this process only waits for its answer.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) =>
    process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1)),
  );
}
