import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The module build: bundlers import it and minify it themselves.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'browser',
  },
  {
    // The <script> build: one minified classic script that sets `AffiliateCapture` itself. It has
    // no exports, so it is valid CommonJS; the folder's package.json says so, which keeps Node and
    // type checkers from taking it for an ES module (the package is "type": "module").
    entry: { 'affiliate-capture': 'src/iife.ts' },
    outDir: 'dist/script',
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    minify: true,
    target: 'es2022',
    platform: 'browser',
    // No source map: its URL comment would cost every storefront visitor bytes; the readable
    // source ships in src/ and the module build.
    sourcemap: false,
    onSuccess: () => writeFile('dist/script/package.json', '{ "type": "commonjs" }\n'),
  },
]);
