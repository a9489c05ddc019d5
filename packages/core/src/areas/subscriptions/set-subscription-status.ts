import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, notFound } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { recordLock } from '../../storage/storage';
import type { Subscription } from '../../storage/subscription-store';
import { recordId } from '../orders/order-input';
import { emitSubscriptionEvent, subscriptionStatusEvent, subscriptionStatuses } from './subscription-events';

/** What the host sends when a subscription is paused, resumed or cancelled. */
export const setSubscriptionStatusInput = z.strictObject({
  affiliateId: recordId,
  subscriptionId: recordId,
  status: z.enum(subscriptionStatuses),
});

/** Input of `service.commerce.setSubscriptionStatus`. */
export type SetSubscriptionStatusInput = z.input<typeof setSubscriptionStatusInput>;

/**
 * Pauses, resumes or cancels a subscription, and emits its event in the same transaction:
 * `subscription_paused`, `subscription_cancelled`, or `subscription_resumed` when a paused or
 * cancelled subscription becomes `active`. Setting the status it already has changes and emits
 * nothing.
 *
 * @returns the subscription; 404 NOT_FOUND when it does not exist for the affiliate; 422
 *   INVALID_FIELD for another status
 */
export function setSubscriptionStatus(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: SetSubscriptionStatusInput,
): ResultAsync<Subscription, DomainError> {
  const input = validate(setSubscriptionStatusInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, subscriptionId, status } = input.value;
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const existing = await tx.subscriptions.get({ affiliateId, id: subscriptionId });
        if (!existing || existing.status === status) return existing;
        const subscription: Subscription = { ...existing, status, updatedAt: deps.clock.now() };
        await tx.subscriptions.upsert({ subscription });
        const eventType = subscriptionStatusEvent(existing.status, status);
        if (eventType) await emitSubscriptionEvent(tx, deps, { eventType, subscription });
        return subscription;
      },
      { lock: recordLock('subscription', affiliateId, subscriptionId) },
    ),
  ).andThen((subscription) => (subscription ? okAsync(subscription) : errAsync(notFound('subscription'))));
}
