import type {
  AchSetupIntent,
  DomainError,
  PaymentProcessor,
  ProcessorPaymentMethod,
} from '@affiliate-commerce/core';
import {
  attachedToAnotherCustomer,
  unknownPaymentMethod,
  upstreamUnavailable,
} from '@affiliate-commerce/core/http';
import { err, errAsync, ok, okAsync, ResultAsync } from 'neverthrow';
import type Stripe from 'stripe';
import { idOf, paymentMethodFromStripe } from './payment-method-from-stripe';
import { domainErrorFromStripe, isResourceMissing } from './stripe-errors';

/** Options of {@link stripeProcessor}. */
export interface StripeProcessorOptions {
  /**
   * The host's Stripe client, configured by the host: secret key, `timeout` (keep it below your
   * gateway's, e.g. 20 s, so a slow Stripe answers 502 rather than hanging), `maxNetworkRetries`
   * (the SDK sends one idempotency key across its retries), `apiVersion`, proxy agent.
   */
  readonly stripe: Stripe;
}

const owner = '@affiliate-commerce/processor-stripe';

/** Stripe ids are letters, digits and underscores; anything else cannot name a method there. */
const stripeId = /^[A-Za-z0-9_]{1,255}$/;

/**
 * Runs one Stripe call: Stripe's errors become domain errors (`refine` first, when it has a more
 * precise one); anything else is a bug and rejects, so the kernel's catch-all answers 500 with
 * the cause logged.
 */
function attempt<T>(
  run: () => Promise<T>,
  refine?: (error: unknown) => DomainError | undefined,
): ResultAsync<T, DomainError> {
  return new ResultAsync(
    Promise.resolve()
      .then(run)
      .then(
        (value) => ok(value),
        (error: unknown) => {
          const mapped = refine?.(error) ?? domainErrorFromStripe(error);
          if (mapped) return err(mapped);
          throw error;
        },
      ),
  );
}

/**
 * The payment-processor port on Stripe (docs/api.md §4.4, §4.8): customers, card attachment, bank
 * accounts through SetupIntents with Financial Connections, and the customer's default method
 * (`invoice_settings.default_payment_method`).
 *
 * Attaching reads the method first: one already attached to this customer is answered as it is
 * (registering twice is idempotent), one attached to another customer or of an unsupported type
 * is refused without touching it, and only a free method is attached. An unknown method and
 * another customer's are refused with the same error ({@link unknownPaymentMethod}).
 *
 * @example
 * import Stripe from 'stripe';
 * const processor = stripeProcessor({ stripe: new Stripe(process.env.STRIPE_SECRET_KEY!, { timeout: 20_000 }) });
 */
export function stripeProcessor(options: StripeProcessorOptions): PaymentProcessor {
  const stripe = options?.stripe;
  if (
    typeof stripe?.paymentMethods?.attach !== 'function' ||
    typeof stripe?.customers?.create !== 'function'
  ) {
    throw new TypeError(
      `${owner}: stripeProcessor({ stripe }) needs a Stripe client, such as new Stripe(secretKey).`,
    );
  }

  // Unknown here is worded as for another customer's method, so neither tells an id exists.
  const retrieve = (paymentMethodId: string): ResultAsync<ProcessorPaymentMethod, DomainError> =>
    stripeId.test(paymentMethodId)
      ? attempt(
          () => stripe.paymentMethods.retrieve(paymentMethodId),
          (error) => (isResourceMissing(error) ? unknownPaymentMethod(error) : undefined),
        ).andThen(paymentMethodFromStripe)
      : errAsync(unknownPaymentMethod(new Error(`${paymentMethodId} is not a Stripe id`)));

  return {
    createCustomer: ({ billingProfileId, affiliateId, name }) =>
      attempt(() =>
        stripe.customers.create({ ...(name ? { name } : {}), metadata: { billingProfileId, affiliateId } }),
      ).map((customer) => ({ customerId: customer.id })),

    createAchSetupIntent: ({ customerId }) =>
      attempt(() =>
        stripe.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          // Since API version 2026-07-29.dahlia; 2026-09-30.endive refuses the older payment_method_types.
          allowed_payment_method_types: ['us_bank_account'],
          payment_method_options: {
            us_bank_account: {
              // Financial Connections first; Stripe falls back to micro-deposits for banks it cannot link.
              verification_method: 'automatic',
              financial_connections: { permissions: ['payment_method'] },
            },
          },
        }),
      ).andThen((intent) =>
        intent.client_secret
          ? ok<AchSetupIntent>({
              setupIntentId: intent.id,
              clientSecret: intent.client_secret,
              status: intent.status,
            })
          : err(
              upstreamUnavailable(
                'payment processor',
                new Error(`setup intent ${intent.id} came without a client_secret`),
              ),
            ),
      ),

    attachPaymentMethod: ({ customerId, paymentMethodId }) =>
      retrieve(paymentMethodId).andThen((current) => {
        if (current.customerId === customerId) return okAsync(current);
        if (current.customerId !== undefined) return errAsync(attachedToAnotherCustomer(paymentMethodId));
        return attempt(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId })).andThen(
          paymentMethodFromStripe,
        );
      }),

    retrievePaymentMethod: ({ paymentMethodId }) => retrieve(paymentMethodId),

    setDefaultPaymentMethod: ({ customerId, paymentMethodId }) =>
      attempt(() =>
        stripe.customers.update(customerId, {
          invoice_settings: { default_payment_method: paymentMethodId },
        }),
      ).map(() => undefined),

    getDefaultPaymentMethod: ({ customerId }) =>
      attempt(() => stripe.customers.retrieve(customerId)).map((customer) => {
        // A customer deleted in the Stripe dashboard has no default left to report.
        if ('deleted' in customer && customer.deleted) return {};
        const paymentMethodId = idOf(customer.invoice_settings.default_payment_method);
        return paymentMethodId ? { paymentMethodId } : {};
      }),
  };
}
