import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    // Its own entry, so only hosts on Kysely load it: it imports kysely at run time.
    kysely: 'src/host-clients/kysely.ts',
  },
  dts: {
    compilerOptions: { ignoreDeprecations: '6.0' },
    // PGlite's declarations use the global Emscripten types without naming them (its package lists
    // @types/emscripten for its own build only). This package depends on @types/emscripten and its
    // declarations reference it, so a host that type-checks its libraries (skipLibCheck: false)
    // gets those types along with PGlite's.
    banner: '/// <reference types="emscripten" />',
  },
});
