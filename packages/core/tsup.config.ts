import { packageBuild } from '../../tsup.base';

export default packageBuild({
  entry: {
    index: 'src/index.ts',
    memory: 'src/memory/index.ts',
    sandbox: 'src/sandbox/index.ts',
    storage: 'src/storage-api.ts',
    http: 'src/http-api.ts',
  },
});
