import { err, errAsync, ok, okAsync, ResultAsync } from 'neverthrow';
import type { DomainError } from '../../base/errors';
import type { ProcessorPaymentMethod } from '../../ports/payments/processor';
import type { PaymentMethodDetails, StoredPaymentMethod } from '../../storage/billing-store';
import { type BillingDeps, type CustomerProfile, ensureBillingCustomer } from './billing-customer';
import type { AddPaymentMethodInput } from './billing-input';
import { obtainPaymentMethod, paymentMethodTypeMismatch } from './obtain-payment-method';

/** The details to keep: the processor's answer without the customer, which the profile names. */
function detailsOf(method: ProcessorPaymentMethod): PaymentMethodDetails {
  const { customerId: _profileNamesIt, ...details } = method;
  return details;
}

/**
 * Stores a method the processor has on the customer. Runs with the profile locked, so that two
 * registrations of one profile never both become the default, and the same method registered
 * twice at once is stored once. The first method of a profile is made the default at the
 * processor (`invoice_settings.default_payment_method`) before it is stored as the default;
 * when that fails nothing is stored.
 */
function register(
  deps: BillingDeps,
  profile: CustomerProfile,
  method: ProcessorPaymentMethod,
): ResultAsync<StoredPaymentMethod, DomainError> {
  const { affiliateId } = profile;
  return new ResultAsync(
    deps.storage.transaction(async (tx) => {
      await tx.billing.lockProfile({ profile });
      const existing = await tx.billing.getMethod({ affiliateId, paymentMethodId: method.id });
      if (existing) return ok<StoredPaymentMethod, DomainError>(existing);
      const methods = await tx.billing.listMethods({ affiliateId });
      const isDefault = !methods.some((stored) => stored.isDefault);
      if (isDefault) {
        const made = await deps.processor.setDefaultPaymentMethod({
          customerId: profile.customerId,
          paymentMethodId: method.id,
        });
        if (made.isErr()) return err(made.error);
      }
      const stored: StoredPaymentMethod = {
        affiliateId,
        billingProfileId: profile.id,
        method: detailsOf(method),
        isDefault,
        createdAt: deps.clock.now(),
      };
      await tx.billing.insertMethod({ method: stored });
      return ok(stored);
    }),
  );
}

/**
 * Adds a payment method to the affiliate's billing profile (docs/api.md §4.4): a card is attached to
 * the profile's customer; a bank account, attached by the setup-intent flow, is checked to be a
 * `us_bank_account` of this customer. The profile and its customer are created on first use.
 * The first method of a profile becomes its default. Registering a method that is already
 * registered answers it as stored, with no call to the processor. Nothing is stored when the
 * processor refuses or is down.
 *
 * @returns 409 PAYMENT_METHOD_CANNOT_BE_REUSED when the card was detached earlier
 * @returns 402 PAYMENT_METHOD_ATTACHMENT_FAILED when the processor refuses the method (declined,
 *   unknown, another customer's, a bank account not attached yet, or not of the type named)
 * @returns 502 UPSTREAM_UNAVAILABLE when the processor is down or times out
 * @example
 * const stored = (await addPaymentMethod(deps, { affiliateId: 'aff_1', input: { paymentMethodId: 'pm_card_visa', paymentMethodType: 'card' } }))._unsafeUnwrap();
 * stored.isDefault // true for the first method
 */
export function addPaymentMethod(
  deps: BillingDeps,
  request: { affiliateId: string; input: AddPaymentMethodInput },
): ResultAsync<StoredPaymentMethod, DomainError> {
  const { affiliateId, input } = request;
  const { paymentMethodId, paymentMethodType } = input;
  return ensureBillingCustomer(deps, { affiliateId }).andThen((profile) =>
    ResultAsync.fromSafePromise(deps.storage.billing.getMethod({ affiliateId, paymentMethodId })).andThen(
      (existing) => {
        if (existing) {
          return existing.method.type === paymentMethodType
            ? okAsync(existing)
            : errAsync(paymentMethodTypeMismatch(paymentMethodId, existing.method.type, paymentMethodType));
        }
        return obtainPaymentMethod(deps.processor, {
          customerId: profile.customerId,
          paymentMethodId,
          paymentMethodType,
        }).andThen((method) => register(deps, profile, method));
      },
    ),
  );
}
