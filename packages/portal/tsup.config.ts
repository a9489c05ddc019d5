import { defineConfig } from 'tsup';
import { writePortalAssets } from './src/server/build-assets';

export default defineConfig([
  {
    // The server side: createPortalHandler and portalMiddleware.
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'node',
    // import.meta.url in the CommonJS build too: the handler finds dist/app beside itself.
    shims: true,
    external: ['esbuild', '@affiliate-commerce/core'],
    // The files the handler serves: the browser bundle (Preact inside), styles and catalog.
    onSuccess: () => writePortalAssets(process.cwd(), 'dist/app'),
  },
  {
    // The custom element for hosts that bundle it themselves (Preact stays a dependency).
    entry: { element: 'src/element.ts' },
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    sourcemap: true,
    target: 'es2022',
    platform: 'browser',
    shims: true,
  },
]);
