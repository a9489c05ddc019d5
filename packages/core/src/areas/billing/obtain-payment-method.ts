import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { type DomainError, paymentMethodAttachmentFailed } from '../../base/errors';
import {
  attachedToAnotherCustomer,
  type PaymentMethodType,
  type PaymentProcessor,
  type ProcessorPaymentMethod,
} from '../../ports/payments/processor';

/**
 * The refusal for a method whose type is not the one the request named: a card sent as a bank
 * account, or the other way round. The processor holds the truth about the type, so this is a
 * refusal of the method (402), as for any other method this flow cannot take.
 */
export const paymentMethodTypeMismatch = (
  paymentMethodId: string,
  actual: string,
  requested: PaymentMethodType,
) =>
  paymentMethodAttachmentFailed(
    `${paymentMethodId} is a ${actual}, not a ${requested}; send paymentMethodType '${actual}'.`,
  );

/** The refusal for a bank account the setup-intent flow has not attached to this customer yet. */
export const bankAccountNotAttached = (paymentMethodId: string) =>
  paymentMethodAttachmentFailed(
    `${paymentMethodId} is not attached to this billing profile's customer; finish the bank-account flow (POST /ach-setup-intent) first.`,
  );

/**
 * Gets a method onto the customer at the processor, by the flow docs/api.md §4.4 names for its type:
 * - a card is attached (attaching one already attached to this customer changes nothing);
 * - a bank account was attached by the setup-intent flow, so it is only read and checked to be
 *   a `us_bank_account` of this customer; nothing is written at the processor.
 *
 * @returns the method as the processor returned it; its `id` is the one to store (Stripe's test
 *   tokens such as `pm_card_visa` come back as a new `pm_...` id)
 * @returns 409 PAYMENT_METHOD_CANNOT_BE_REUSED for a card detached earlier; 402
 *   PAYMENT_METHOD_ATTACHMENT_FAILED for any other refusal, a bank account of another customer
 *   or of none, or a method of the other type; 502 UPSTREAM_UNAVAILABLE when the processor is down
 */
export function obtainPaymentMethod(
  processor: PaymentProcessor,
  input: { customerId: string; paymentMethodId: string; paymentMethodType: PaymentMethodType },
): ResultAsync<ProcessorPaymentMethod, DomainError> {
  const { customerId, paymentMethodId, paymentMethodType } = input;
  const ofType = (method: ProcessorPaymentMethod): ResultAsync<ProcessorPaymentMethod, DomainError> =>
    method.type === paymentMethodType
      ? okAsync(method)
      : errAsync(paymentMethodTypeMismatch(paymentMethodId, method.type, paymentMethodType));

  if (paymentMethodType === 'card') {
    return processor.attachPaymentMethod({ customerId, paymentMethodId }).andThen(ofType);
  }
  return processor.retrievePaymentMethod({ paymentMethodId }).andThen((method) => {
    // Another customer's method is refused before its type is looked at, with the same answer
    // as an unknown id, so nothing about it shows.
    if (method.customerId !== undefined && method.customerId !== customerId) {
      return errAsync(attachedToAnotherCustomer(paymentMethodId));
    }
    return ofType(method).andThen((own) =>
      own.customerId === customerId ? okAsync(own) : errAsync(bankAccountNotAttached(paymentMethodId)),
    );
  });
}
