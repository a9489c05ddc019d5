/**
 * Size of the storefront capture snippet beside analytics libraries a storefront might load
 * instead, each bundled the same way (esbuild, minified, browser platform, ES2020) from an entry
 * that imports what a page would use, then gzipped. Writes its table to docs/benchmarks.md
 * (`capture-size`).
 *
 * Run: npx tsx --conditions=@affiliate-commerce/source bench/capture-size.bench.ts
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { machineLine, writeSection } from './docs-section';

const require = createRequire(import.meta.url);
const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
const storefront = fileURLToPath(new URL('../packages/storefront-capture/src/iife.ts', import.meta.url));

const entries = [
  {
    label: '@affiliate-commerce/storefront-capture (`<script>` build)',
    contents: `import ${JSON.stringify(storefront)};`,
    pkg: undefined,
  },
  {
    label: 'plausible-tracker',
    contents: "import Plausible from 'plausible-tracker'; globalThis.p = Plausible;",
    pkg: 'plausible-tracker',
  },
  {
    label: '@vercel/analytics',
    contents: "import { inject } from '@vercel/analytics'; globalThis.i = inject;",
    pkg: '@vercel/analytics',
  },
  {
    label: 'analytics (core, no plugins)',
    contents: "import Analytics from 'analytics'; globalThis.a = Analytics;",
    pkg: 'analytics',
  },
  {
    label: 'posthog-js',
    contents: "import posthog from 'posthog-js'; globalThis.ph = posthog;",
    pkg: 'posthog-js',
  },
];

const rows: string[] = [];
for (const entry of entries) {
  const result = await build({
    stdin: {
      contents: entry.contents,
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.contents;
  const gz = gzipSync(code, { level: 9 }).length;
  rows.push(
    `| ${entry.label}${entry.pkg ? ` ${version(entry.pkg)}` : ''} | ${code.length.toLocaleString('en-US')} | ${gz.toLocaleString('en-US')} |`,
  );
}

const markdown = `## Storefront capture size (\`bench/capture-size.bench.ts\`)

${machineLine()} Each library bundled the same way (esbuild, minified, iife, browser, ES2020) from an entry that
imports what a page would call, then gzipped at level 9. The budget for storefront-capture is 1.5 KB
minified and gzipped, enforced by size-limit in CI. The other libraries do more (sessions, queues,
plugins, page-view tracking); the point is what a storefront pays to record attribution.

| library | minified bytes | gzipped bytes |
|---|---:|---:|
${rows.join('\n')}
`;
writeSection('capture-size', markdown);
console.log(markdown);
