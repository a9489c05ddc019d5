export {
  assertWorkflow,
  type CaseRequestTypeSeed,
  type CaseSystemSeed,
  type CaseTransitionSeed,
  type CaseWorkflow,
  defaultCaseWorkflow,
  fieldValuesProblem,
} from '../../ports/case-system/case-system-seed';
export {
  type SandboxCaseSystem,
  type SandboxCaseSystemOptions,
  type SandboxRequest,
  sandboxCaseSystem,
} from '../../ports/case-system/sandbox-case-system';
export {
  type SandboxProcessor,
  type SandboxProcessorOptions,
  sandboxProcessor,
} from '../../ports/payments/sandbox-processor';
export {
  cardDeclinedMessage,
  type TestMethodBehaviour,
  type TestPaymentMethod,
  testPaymentMethodIds,
  testPaymentMethods,
} from '../../ports/payments/test-payment-methods';
export { staticTokenAuth } from '../../ports/static-auth';
