import type { DomainError } from '@affiliate-commerce/core';
import {
  paymentMethodAttachmentFailed,
  paymentMethodCannotBeReused,
  upstreamUnavailable,
} from '@affiliate-commerce/core/http';

/** The fields of a Stripe SDK error this package reads. */
interface StripeErrorLike {
  /** The SDK's class name, `StripeInvalidRequestError`, `StripeCardError`, ... */
  readonly type: string;
  readonly message: string;
  readonly statusCode?: number;
  /** Stripe's error code, `resource_missing`, `card_declined`, ... */
  readonly code?: string;
}

/**
 * Recognises an error of the `stripe` SDK by its shape. Never by `instanceof`: the host passes
 * in its own `Stripe` client, whose error classes may come from another copy of the SDK than
 * the one this package would import.
 */
function isStripeError(error: unknown): error is StripeErrorLike {
  if (!(error instanceof Error) || !('raw' in error) || !('type' in error)) return false;
  return typeof error.type === 'string' && error.type.startsWith('Stripe');
}

/**
 * Stripe has no error code for a method that was detached or used once without a customer, only
 * an `invalid_request_error` whose message says so. Both wordings seen over the years contain
 * "may not be used again"; the older one also says "was detached from a Customer".
 *
 * @see https://github.com/stripe/stripe-php/issues/1221 (older wording)
 * @see https://github.com/liberapay/liberapay.com/issues/2686 (current wording)
 */
const reuseRefused = /may not be used again|previously used[\s\S]*detached from a customer/i;

/**
 * Maps an error of the `stripe` SDK to the domain error docs/api.md §4.4 and §7 ask for, or `undefined`
 * when `error` is not a Stripe error (a bug, which the caller lets through to the 500 catch-all).
 * - detached method (`StripeInvalidRequestError` saying it "may not be used again") →
 *   `PAYMENT_METHOD_CANNOT_BE_REUSED`;
 * - declined card (`StripeCardError`) and every other invalid request (unknown method or
 *   customer, method attached elsewhere) → `PAYMENT_METHOD_ATTACHMENT_FAILED` with Stripe's message;
 * - connection errors and time-outs (`StripeConnectionError`), `StripeAPIError` and any 5xx,
 *   rate limiting, and refused credentials → `UPSTREAM_UNAVAILABLE`.
 *
 * @example
 * domainErrorFromStripe(error)?.code // 'PAYMENT_METHOD_CANNOT_BE_REUSED'
 */
export function domainErrorFromStripe(error: unknown): DomainError | undefined {
  if (!isStripeError(error)) return undefined;
  if (error.type === 'StripeInvalidRequestError' && reuseRefused.test(error.message)) {
    return { ...paymentMethodCannotBeReused(), cause: error };
  }
  switch (error.type) {
    case 'StripeCardError':
    case 'StripeInvalidRequestError':
    case 'StripeIdempotencyError':
      return paymentMethodAttachmentFailed(error.message, error);
    default:
      // Connection, API, authentication, permission and rate-limit errors, and error types newer
      // than this package: none of them is the customer's doing, so none is a refusal.
      return upstreamUnavailable('payment processor', error);
  }
}

/**
 * True for Stripe's answer that the object asked for does not exist (`resource_missing`): for a
 * payment method, an id Stripe does not know, or one of another Stripe account.
 *
 * @example
 * isResourceMissing(error) // true for "No such PaymentMethod: 'pm_x'"
 */
export function isResourceMissing(error: unknown): boolean {
  return isStripeError(error) && error.code === 'resource_missing';
}
