import { z } from 'zod';
import { paymentMethodTypes } from '../../ports/payments/processor';

/**
 * A processor payment-method id: `pm_` then letters, digits or underscores, at most 255
 * characters in all, as Stripe's ids are. Anything else cannot name a method, so it is a bad
 * input (422) rather than a refusal by the processor.
 */
const paymentMethodIdPattern = /^pm_[A-Za-z0-9_]{1,252}$/;

/**
 * Body of `POST /v2/affiliatePaymentMethods` (docs/api.md §4.4). Unknown keys are ignored;
 * `paymentMethodType` defaults to `card`.
 */
export const addPaymentMethodBody = z.object({
  paymentMethodId: z
    .string()
    .refine((value) => paymentMethodIdPattern.test(value), {
      error: 'must be a payment-method id: pm_ followed by letters, digits or underscores',
    })
    .meta({
      description: "The processor's payment-method id (prefix pm_).",
      pattern: paymentMethodIdPattern.source,
      example: 'pm_card_visa',
    }),
  paymentMethodType: z
    .enum(paymentMethodTypes, { error: "must be 'card' or 'us_bank_account'" })
    .default('card')
    .meta({ description: "'us_bank_account' for a bank account; omit or 'card' for a card." }),
});

/** Input of `addPaymentMethod`, after the body was read. */
export type AddPaymentMethodInput = z.output<typeof addPaymentMethodBody>;

/** Path parameters of the routes naming one registered method. */
export const paymentMethodParams = z.object({ paymentMethodId: z.string().min(1) });
