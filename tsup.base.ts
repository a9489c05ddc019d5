import { defineConfig, type Options } from 'tsup';

/**
 * The build every package shares: ESM and CJS with separate `.d.ts`/`.d.cts`, source maps, Node 20.
 * The dts build needs `ignoreDeprecations` with TypeScript 6 (TOOLCHAIN.md).
 */
export function packageBuild(overrides: Options = {}) {
  return defineConfig({
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
    sourcemap: true,
    clean: true,
    target: 'node20',
    ...overrides,
  });
}
