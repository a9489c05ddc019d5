import { err, ok, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { StoredPaymentMethod } from '../../storage/billing-store';
import type { BillingDeps } from './billing-customer';

/**
 * Makes a registered method the default of the affiliate's billing profile: first at the
 * processor (`invoice_settings.default_payment_method`, what it charges), then in storage, with
 * the profile locked so a concurrent registration or change cannot leave two defaults. When the
 * processor refuses or is down, the default stays as it was in both places. Making the default
 * the default again changes nothing and calls nobody.
 *
 * @returns 404 NOT_FOUND when this affiliate has no registered method with that id (another
 *   affiliate's method included)
 * @returns 402 PAYMENT_METHOD_ATTACHMENT_FAILED when the processor no longer has the method on the
 *   customer (detached in the processor's dashboard, for example)
 * @returns 502 UPSTREAM_UNAVAILABLE when the processor is down or times out
 */
export function setDefaultPaymentMethod(
  deps: BillingDeps,
  input: { affiliateId: string; paymentMethodId: string },
): ResultAsync<StoredPaymentMethod, DomainError> {
  const { affiliateId, paymentMethodId } = input;
  return new ResultAsync(
    deps.storage.transaction(async (tx) => {
      const profile = await tx.billing.getProfile({ affiliateId });
      // Methods are stored only once the profile has a customer, so no customer means no method.
      if (!profile?.customerId) return err<StoredPaymentMethod, DomainError>(notFound('payment method'));
      await tx.billing.lockProfile({ profile });
      const stored = await tx.billing.getMethod({ affiliateId, paymentMethodId });
      if (!stored) return err(notFound('payment method'));
      if (stored.isDefault) return ok(stored);
      const made = await deps.processor.setDefaultPaymentMethod({
        customerId: profile.customerId,
        paymentMethodId,
      });
      if (made.isErr()) return err(made.error);
      await tx.billing.setDefaultMethod({ affiliateId, paymentMethodId });
      return ok({ ...stored, isDefault: true });
    }),
  );
}
