export {
  type HttpCase,
  type HttpCaseExpectation,
  type HttpCaseRequest,
  type HttpContractOptions,
  type HttpTable,
  httpContract,
  type ServeAdapter,
  type ServedAdapter,
} from './http-contract';
export { httpTables } from './http-tables';
export { type StorageFactory, storageContract } from './storage-contract';
