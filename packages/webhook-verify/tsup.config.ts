import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * The generated schema documents as one `JSON.parse` of their text, not an object literal: half
 * the size, a one-line source map, and V8 parses JSON text faster than the same literal.
 */
const jsonAsText: Plugin = {
  name: 'json-as-text',
  setup(build) {
    build.onLoad({ filter: /\.schema\.json$/ }, async ({ path }) => {
      const text = JSON.stringify(JSON.parse(await readFile(path, 'utf8')));
      return { contents: `export default JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

export default defineConfig({
  // index: the Node build (node:crypto), also `./node` for senders bundled with browser
  // conditions; browser: the WebCrypto build (`browser` and `default` conditions); events: the
  // event list as values, with no dependency; schemas: the zod schemas, kept off the main path;
  // json-schema: the generated JSON Schemas as data, with no zod.
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    events: 'src/events/event-types.ts',
    schemas: 'src/schemas/index.ts',
    'json-schema': 'src/json-schema/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  esbuildPlugins: [jsonAsText],
});
