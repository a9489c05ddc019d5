import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../errors';
import type { ServiceDeps } from '../service-deps';
import { nextBillingDateFor, parseRenewalDate } from './renewal-date';
import type { Subscription } from './subscription-store';

const maxAttempts = 3;

/**
 * Sets the next renewal date of a subscription (SPEC 4.6 and section 3): only the timing changes,
 * never the cadence; an `endDate` moves by the same amount. The write is a compare-and-set, so a
 * concurrent change is re-read rather than overwritten.
 *
 * @returns 422 INVALID_FIELD for a missing, malformed, unreal or past date; 404 when the
 *   subscription does not exist for this affiliate
 * @example
 * await setRenewalDate(deps, { affiliateId: 'aff_1', id: 'sub_1', renewalDate: '03-02-2027' });
 */
export function setRenewalDate(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  input: { affiliateId: string; id: string; renewalDate: unknown },
): ResultAsync<Subscription, DomainError> {
  const day = parseRenewalDate(input.renewalDate);
  if (day.isErr()) return errAsync(day.error);

  const attempt = (left: number): ResultAsync<Subscription, DomainError> =>
    ResultAsync.fromSafePromise(
      deps.storage.subscriptions.get({ affiliateId: input.affiliateId, id: input.id }),
    )
      .andThen((current) => (current ? okAsync(current) : errAsync(notFound('subscription'))))
      .andThen((current) => {
        const now = deps.clock.now();
        return nextBillingDateFor(day.value, current.nextBillingDate, now).asyncAndThen((to) =>
          ResultAsync.fromSafePromise(
            deps.storage.subscriptions.moveRenewal({
              affiliateId: input.affiliateId,
              id: input.id,
              from: current.nextBillingDate,
              to,
              updatedAt: now,
            }),
          ),
        );
      })
      .andThen((updated) => {
        if (updated) return okAsync(updated);
        return left > 1 ? attempt(left - 1) : errAsync(notFound('subscription'));
      });

  return attempt(maxAttempts);
}
