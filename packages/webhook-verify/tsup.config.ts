import { defineConfig } from 'tsup';

export default defineConfig({
  // index: the Node build (node:crypto), also `./node` for senders bundled with browser
  // conditions; browser: the WebCrypto build (`browser` and `default` conditions); events: the
  // event list as values, with no dependency; schemas: the zod schemas, kept off the main path.
  entry: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    events: 'src/events/event-types.ts',
    schemas: 'src/schemas/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
