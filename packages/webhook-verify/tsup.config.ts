import { defineConfig } from 'tsup';

export default defineConfig({
  // index: the Node build (node:crypto); browser: the WebCrypto build (`browser` and `default`
  // conditions); schemas: the zod schemas, kept off the main path.
  entry: { index: 'src/index.ts', browser: 'src/browser.ts', schemas: 'src/schemas/index.ts' },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
