export { createAchSetupIntent } from './ach-setup-intent';
export { addPaymentMethod } from './add-payment-method';
export { type BillingDeps, type CustomerProfile, ensureBillingCustomer } from './billing-customer';
export type {
  BillingProfile,
  BillingStore,
  PaymentMethodDetails,
  StoredPaymentMethod,
} from './billing-store';
export {
  bankAccountNotAttached,
  obtainPaymentMethod,
  paymentMethodTypeMismatch,
} from './obtain-payment-method';
export {
  achSetupIntentAnswerSchema,
  paymentMethodAnswerSchema,
  paymentMethodListAnswerSchema,
  storedPaymentMethodView,
} from './payment-method-answer';
export {
  type AddPaymentMethodInput,
  addPaymentMethodBody,
  paymentMethodParams,
} from './payment-method-input';
export { billingRoutes } from './routes';
export { setDefaultPaymentMethod } from './set-default-payment-method';
