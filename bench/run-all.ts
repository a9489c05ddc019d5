/**
 * Runs every benchmark in turn, each in its own process; each writes its own section of
 * docs/benchmarks.md. `npm run bench:install` once, then `npm run bench` (from the root), or name
 * some: `npm run bench -- payload verify`.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const all = [
  'payload',
  'verify',
  'delivery',
  'delivery-statements',
  'isolation',
  'capture-size',
  'coupon-report',
  'edge',
  'api-overhead',
  'emit-cost',
  'capacity',
  'prune',
  'events-list',
  'ordering',
  'throttle',
  'soak',
];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
const root = fileURLToPath(new URL('..', import.meta.url));
// The libraries the benchmarks compare against are bench's own install, not the root's.
try {
  createRequire(import.meta.url).resolve('autocannon');
} catch {
  console.error('The benchmarks need their own install first: npm run bench:install');
  process.exit(1);
}
for (const name of chosen) {
  if (!all.includes(name)) throw new Error(`unknown benchmark ${name}; known: ${all.join(', ')}`);
  console.log(`\n=== bench/${name}.bench.ts`);
  const run = spawnSync(
    process.execPath,
    ['--conditions=@affiliate-commerce/source', '--import', 'tsx', `bench/${name}.bench.ts`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
