export {
  bankAccountDetailsSchema,
  cardDetailsSchema,
  type PaymentMethodView,
  paymentMethodViewSchema,
  toPaymentMethodView,
} from './payment-method-view';
export {
  type AchSetupIntent,
  attachedToAnotherCustomer,
  type BankAccountType,
  type PaymentMethodType,
  type PaymentProcessor,
  type ProcessorBankAccount,
  type ProcessorCard,
  type ProcessorPaymentMethod,
  paymentMethodTypes,
  type SetupIntentStatus,
  unknownPaymentMethod,
  unsupportedPaymentMethodType,
} from './processor';
