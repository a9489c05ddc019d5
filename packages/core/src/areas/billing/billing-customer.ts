import { err, ok, okAsync, ResultAsync } from 'neverthrow';
import type { DomainError } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { BillingProfile } from '../../storage/billing-store';

/** A billing profile whose processor customer exists. */
export type CustomerProfile = BillingProfile & { readonly customerId: string };

/**
 * The ports the billing use cases need; a service's `deps` has them all.
 *
 * @example
 * const deps: BillingDeps = service.deps;
 */
export type BillingDeps = Pick<ServiceDeps, 'storage' | 'processor' | 'clock' | 'ids'>;

/**
 * The affiliate's billing profile with its processor customer, both created on first use.
 *
 * The customer is created exactly once per profile, even when several first requests of one
 * affiliate arrive together: the profile is inserted if absent and locked (`FOR UPDATE`) in a
 * transaction, the customer is created while the lock is held, and its id is stored before the
 * lock is released. A concurrent first use waits on the lock and then finds the customer. The
 * lock is held across one processor call, once per affiliate; the processor's time-out bounds
 * it. When the processor refuses or is down, the profile is kept without a customer (its
 * `billingProfileId` stays stable) and the next use tries again.
 *
 * @returns 502 UPSTREAM_UNAVAILABLE when the processor is down (the profile then has no customer yet)
 */
export function ensureBillingCustomer(
  deps: BillingDeps,
  input: { affiliateId: string },
): ResultAsync<CustomerProfile, DomainError> {
  const { affiliateId } = input;
  return ResultAsync.fromSafePromise(deps.storage.billing.getProfile({ affiliateId })).andThen((found) => {
    // The usual case: no transaction, no lock.
    if (found?.customerId !== undefined) return okAsync({ ...found, customerId: found.customerId });
    return new ResultAsync(
      deps.storage.transaction(async (tx) => {
        const now = deps.clock.now();
        const profile = await tx.billing.lockProfile({
          profile: { id: deps.ids.next({ prefix: 'bp' }), affiliateId, createdAt: now, updatedAt: now },
        });
        if (profile.customerId !== undefined) return ok({ ...profile, customerId: profile.customerId });
        const affiliate = await tx.affiliates.get({ affiliateId });
        const created = await deps.processor.createCustomer({
          billingProfileId: profile.id,
          affiliateId,
          ...(affiliate ? { name: affiliate.name } : {}),
        });
        if (created.isErr()) return err(created.error);
        const { customerId } = created.value;
        if (
          !(await tx.billing.setCustomer({
            affiliateId,
            billingProfileId: profile.id,
            customerId,
            updatedAt: now,
          }))
        ) {
          // Impossible while the lock is held; a store that breaks it is a bug, so fail loudly.
          throw new Error(`@affiliate-commerce/core: billing profile ${profile.id} changed while locked`);
        }
        return ok<CustomerProfile, DomainError>({ ...profile, customerId, updatedAt: now });
      }),
    );
  });
}
