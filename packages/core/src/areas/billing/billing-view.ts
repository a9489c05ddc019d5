import { z } from 'zod';
import {
  type PaymentMethodView,
  paymentMethodViewSchema,
  toPaymentMethodView,
} from '../../ports/payments/payment-method-view';
import type { StoredPaymentMethod } from '../../storage/billing-store';

/** The docs/api.md §2.4 view of a registered method. */
export const storedPaymentMethodView = (stored: StoredPaymentMethod): PaymentMethodView =>
  toPaymentMethodView({
    method: stored.method,
    billingProfileId: stored.billingProfileId,
    isDefault: stored.isDefault,
  });

/**
 * `{ success: true, data: <docs/api.md §2.4 view> }`: the answer of adding a method and of making it
 * the default.
 */
export const paymentMethodAnswerSchema = z.strictObject({
  success: z.literal(true),
  data: paymentMethodViewSchema,
});

/** `{ success: true, data: [<docs/api.md §2.4 view>, ...] }`: the answer of listing methods, oldest first. */
export const paymentMethodListAnswerSchema = z.strictObject({
  success: z.literal(true),
  data: z.array(paymentMethodViewSchema),
});

/**
 * `{ success: true, data: { setupIntentId, clientSecret, status } }`: the answer of
 * `POST /ach-setup-intent`.
 */
export const achSetupIntentAnswerSchema = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({
    setupIntentId: z.string().min(1),
    clientSecret: z.string().min(1),
    status: z.string().min(1),
  }),
});
