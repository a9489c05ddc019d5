import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    memory: 'src/impl/memory/index.ts',
    sandbox: 'src/impl/sandbox/index.ts',
    storage: 'src/storage-api.ts',
    http: 'src/http-api.ts',
    node: 'src/node-api.ts',
    // The two builds of `#platform` (package.json "imports"): the runtime's conditions pick one.
    'platform-node': 'src/platform/node.ts',
    'platform-web': 'src/platform/web.ts',
  },
  external: ['#platform'],
});
