export { views as testPaymentMethodViews } from '../billing/billing-table-fixtures';
export {
  assertWorkflow,
  type CaseRequestTypeSeed,
  type CaseSystemSeed,
  type CaseTransitionSeed,
  type CaseWorkflow,
  defaultCaseWorkflow,
  fieldValuesProblem,
} from '../cases/case-system-seed';
export {
  type SandboxCaseSystem,
  type SandboxCaseSystemOptions,
  type SandboxRequest,
  sandboxCaseSystem,
} from '../cases/sandbox-case-system';
export {
  type SandboxProcessor,
  type SandboxProcessorOptions,
  sandboxProcessor,
} from '../payments/sandbox-processor';
export {
  cardDeclinedMessage,
  type TestMethodBehaviour,
  type TestPaymentMethod,
  testPaymentMethodIds,
  testPaymentMethods,
} from '../payments/test-payment-methods';
export { supportFixtureSeed } from '../support/sandbox-fixture';
export { deliveryCapture } from './delivery-capture';
export { type FakeHttpClient, fakeHttpClient } from './fake-http-client';
export { type FakeResolver, fakeResolver } from './fake-resolver';
export { emptyMemoryState, type MemoryState, scopedKey } from './memory-state';
export { memoryStorage } from './memory-storage';
export { sequentialIds } from './sequential-ids';
export { staticTokenAuth } from './static-auth';
export { type TestClock, testClock } from './test-clock';
export { testSecretKey } from './test-secret-key';
export { type TestService, testPrincipals, testService, testTokens } from './test-service';
export { testWebhookDeps } from './test-webhook-deps';
