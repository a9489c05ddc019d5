import { err, errAsync, ok, type Result, ResultAsync } from 'neverthrow';
import { retryCompareAndSet } from '../../base/compare-and-set';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Subscription } from '../../storage/subscription-store';
import { nextBillingDateFor, parseRenewalDate } from './renewal-date';

/**
 * Sets the next renewal date of a subscription (docs/api.md §4.6 and §3.2): only the timing changes,
 * never the cadence; an `endDate` moves by the same amount. The write is a compare-and-set, so a
 * concurrent change is re-read and the date set again on top of it, never overwritten unseen.
 *
 * @returns 422 INVALID_FIELD for a missing, malformed, unreal or past date; 404 when the
 *   subscription does not exist for this affiliate
 */
export function setRenewalDate(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  input: { affiliateId: string; id: string; renewalDate: unknown },
): ResultAsync<Subscription, DomainError> {
  const day = parseRenewalDate(input.renewalDate);
  if (day.isErr()) return errAsync(day.error);
  const key = { affiliateId: input.affiliateId, id: input.id };

  return ResultAsync.fromSafePromise(
    retryCompareAndSet({
      read: () => deps.storage.subscriptions.get(key),
      write: async (current): Promise<Result<Subscription, DomainError> | undefined> => {
        const now = deps.clock.now();
        const to = nextBillingDateFor(day.value, current.nextBillingDate, now);
        if (to.isErr()) return err(to.error);
        const moved = await deps.storage.subscriptions.moveRenewal({
          ...key,
          from: current.nextBillingDate,
          to: to.value,
          updatedAt: now,
        });
        return moved && ok(moved);
      },
    }),
  ).andThen((outcome) => outcome ?? err(notFound('subscription')));
}
