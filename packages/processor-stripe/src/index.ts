export { paymentMethodFromStripe } from './payment-method-from-stripe';
export { domainErrorFromStripe } from './stripe-errors';
export { type StripeProcessorOptions, stripeProcessor } from './stripe-processor';
