import fc from 'fast-check';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { domainErrorFromStripe } from './stripe-errors';

const { errors } = Stripe;

const invalidRequest = (message: string, code?: string) =>
  new errors.StripeInvalidRequestError({
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    statusCode: 400,
  });

describe('Stripe errors to domain errors', () => {
  it('4.4 the current "may not be used again" wording is PAYMENT_METHOD_CANNOT_BE_REUSED', () => {
    const error = invalidRequest(
      'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
    );
    expect(domainErrorFromStripe(error)).toMatchObject({
      code: 'PAYMENT_METHOD_CANNOT_BE_REUSED',
      cause: error,
    });
  });

  it('4.4 the older wording is PAYMENT_METHOD_CANNOT_BE_REUSED too', () => {
    const error = invalidRequest(
      'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
    );
    expect(domainErrorFromStripe(error)?.code).toBe('PAYMENT_METHOD_CANNOT_BE_REUSED');
  });

  it('4.4 the reuse wording only counts on an invalid request, not on a card error', () => {
    const error = new errors.StripeCardError({
      type: 'card_error',
      message: 'It may not be used again.',
      statusCode: 402,
    });
    expect(domainErrorFromStripe(error)?.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
  });

  it('4.4 a declined card is PAYMENT_METHOD_ATTACHMENT_FAILED with Stripe’s message', () => {
    const error = new errors.StripeCardError({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      statusCode: 402,
    });
    expect(domainErrorFromStripe(error)).toMatchObject({
      code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
      message: 'The payment processor refused the payment method: Your card was declined.',
      cause: error,
    });
  });

  it('4.4 other invalid requests (missing method, attached elsewhere) are PAYMENT_METHOD_ATTACHMENT_FAILED', () => {
    fc.assert(
      fc.property(
        fc.string().filter((message) => !/may not be used again|detached from a customer/i.test(message)),
        (message) => {
          expect(domainErrorFromStripe(invalidRequest(message, 'resource_missing'))?.code).toBe(
            'PAYMENT_METHOD_ATTACHMENT_FAILED',
          );
        },
      ),
    );
    expect(
      domainErrorFromStripe(invalidRequest("No such PaymentMethod: 'pm_x'", 'resource_missing'))?.message,
    ).toContain("No such PaymentMethod: 'pm_x'");
    const idempotency = new errors.StripeIdempotencyError({
      type: 'idempotency_error',
      message: 'Keys for idempotent requests can only be used with the same parameters.',
    });
    expect(domainErrorFromStripe(idempotency)?.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
  });

  it('7 5xx answers, connection errors and time-outs are UPSTREAM_UNAVAILABLE', () => {
    fc.assert(
      fc.property(fc.integer({ min: 500, max: 599 }), (statusCode) => {
        const error = new errors.StripeAPIError({
          type: 'api_error',
          message: 'An unknown error occurred',
          statusCode,
        });
        expect(domainErrorFromStripe(error)?.code).toBe('UPSTREAM_UNAVAILABLE');
      }),
    );
    const timeout = new errors.StripeConnectionError({
      message: 'Request aborted due to timeout being reached (1000ms)',
    });
    expect(domainErrorFromStripe(timeout)).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', cause: timeout });
  });

  it('7 rate limiting and refused credentials are UPSTREAM_UNAVAILABLE, not the customer’s refusal', () => {
    for (const error of [
      new errors.StripeRateLimitError({
        type: 'invalid_request_error',
        code: 'rate_limit',
        message: 'Too many requests',
        statusCode: 429,
      }),
      new errors.StripeAuthenticationError({
        type: 'invalid_request_error',
        message: 'Invalid API Key provided',
        statusCode: 401,
      }),
      new errors.StripePermissionError({
        type: 'invalid_request_error',
        message: 'The provided key does not have access',
        statusCode: 403,
      }),
    ]) {
      expect(domainErrorFromStripe(error)?.code).toBe('UPSTREAM_UNAVAILABLE');
    }
  });

  it('recognises Stripe errors by shape, so an error from another copy of the SDK maps too', () => {
    const foreign = Object.assign(new Error('Your card was declined.'), { type: 'StripeCardError', raw: {} });
    expect(domainErrorFromStripe(foreign)?.code).toBe('PAYMENT_METHOD_ATTACHMENT_FAILED');
  });

  it('leaves anything that is not a Stripe error alone (a bug goes to the 500 catch-all)', () => {
    expect(domainErrorFromStripe(new TypeError('x is undefined'))).toBeUndefined();
    expect(
      domainErrorFromStripe({ type: 'StripeCardError', message: 'not an Error', raw: {} }),
    ).toBeUndefined();
    expect(domainErrorFromStripe('boom')).toBeUndefined();
  });
});
