import type { ResultAsync } from 'neverthrow';
import type { DomainError } from '../../base/errors';
import type { AchSetupIntent } from '../../ports/payments/processor';
import { type BillingDeps, ensureBillingCustomer } from './billing-customer';

/**
 * Starts the bank-account flow (docs/api.md §4.4, §4.8.9 `POST /ach-setup-intent`): a SetupIntent for
 * `us_bank_account` on the billing profile's customer, verified through Financial Connections
 * (permission `payment_method`), for off-session use. The profile and its customer are created
 * on first use. The client finishes the flow with the processor's client library and
 * `clientSecret`, then registers the account with `POST /v2/affiliatePaymentMethods` and
 * `paymentMethodType: 'us_bank_account'`.
 *
 * @returns 502 UPSTREAM_UNAVAILABLE when the processor is down or times out
 */
export function createAchSetupIntent(
  deps: BillingDeps,
  input: { affiliateId: string },
): ResultAsync<AchSetupIntent, DomainError> {
  return ensureBillingCustomer(deps, input).andThen((profile) =>
    deps.processor.createAchSetupIntent({ customerId: profile.customerId }),
  );
}
