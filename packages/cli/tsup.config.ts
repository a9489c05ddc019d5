import { packageBuild } from '../../tsup.base';

// A program, not a library: one ESM file for the `bin`, with no types to publish.
export default packageBuild({ entry: { main: 'src/main.ts' }, format: ['esm'], dts: false });
