import { httpContract, httpTables } from '@affiliate-commerce/core/contracts';
import { createFetchHandler } from './fetch-handler';

httpContract(
  'fetch adapter (handler called directly)',
  async (service, prefix) => {
    const handler = createFetchHandler(service, { basePath: prefix });
    return { send: handler, close: async () => {} };
  },
  httpTables,
);
