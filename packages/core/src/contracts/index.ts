export { type CaseSystemHarness, caseSystemContract, contractSeed } from '../cases/case-system-contract';
export { type ProcessorHarness, processorContract } from '../payments/processor-contract';
export { concurrencyContract } from './concurrency-contract';
export { couponReportContract } from './coupon-report-contract';
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
