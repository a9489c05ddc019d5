export { attemptHoursContract } from './contracts/attempt-hours-contract';
export { billingStoreContract } from './contracts/billing-store-contract';
export { caseStoreContract, supportStoreContract } from './contracts/case-store-contract';
export { type CaseSystemHarness, caseSystemContract, contractSeed } from './contracts/case-system-contract';
export { concurrencyContract } from './contracts/concurrency-contract';
export { couponReportContract } from './contracts/coupon-report-contract';
export { deliveryStoreContract } from './contracts/delivery-store-contract';
export { httpClientContract, localRequest } from './contracts/http-client-contract';
export {
  type HttpCase,
  type HttpCaseExpectation,
  type HttpCaseRequest,
  type HttpContractOptions,
  type HttpTable,
  httpContract,
  type ServeAdapter,
  type ServedAdapter,
} from './contracts/http-contract';
export { journeyStoreContract } from './contracts/journey-store-contract';
export { orderStoreContract } from './contracts/order-store-contract';
export { type ProcessorHarness, processorContract } from './contracts/processor-contract';
export { recordStoreContract } from './contracts/record-store-contract';
export { type StorageFactory, storageContract } from './contracts/storage-contract';
export { webhookStoreContract } from './contracts/webhook-store-contract';
export { type FakeHttpClient, fakeHttpClient } from './fakes/fake-http-client';
export { type FakeResolver, fakeResolver } from './fakes/fake-resolver';
export { type LoggedLine, memoryLogger } from './fakes/memory-logger';
export { type SelfSignedCertificate, selfSignedCertificate } from './fakes/self-signed-certificate';
export { sequentialIds } from './fakes/sequential-ids';
export { type TestClock, testClock } from './fakes/test-clock';
export { type Received, type ReceiverAnswer, startReceiver } from './fakes/test-receiver';
export { type ApiCall, apiRequest, callApi } from './service/api-call';
export { deliveryCapture } from './service/delivery-capture';
export { supportFixtureSeed } from './service/sandbox-fixture';
export { testSecretKey } from './service/test-secret-key';
export { type TestService, testPrincipals, testService, testTokens } from './service/test-service';
export { testWebhookDeps } from './service/test-webhook-deps';
export { views as testPaymentMethodViews } from './tables/billing-table-fixtures';
export { edgeHttpTable } from './tables/edge.http-table';
export { httpTables } from './tables/http-tables';
export { sandboxOf as sandboxCaseSystemOf, seedSupport } from './tables/support-table-setup';
