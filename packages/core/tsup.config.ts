import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: { index: 'src/index.ts', testing: 'src/testing/index.ts', contracts: 'src/contracts/index.ts' },
  external: ['vitest'],
});
