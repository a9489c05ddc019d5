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
export { staticTokenAuth } from '../ports/static-auth';
