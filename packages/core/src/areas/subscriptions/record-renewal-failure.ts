import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, notFound } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { EventRecord } from '../../rules/events/v2-payload';
import { cents, recordId } from '../orders/order-input';
import { emitSubscriptionEvent } from './subscription-events';

/** What the host sends when the charge of a renewal failed. */
export const recordRenewalFailureInput = z.strictObject({
  affiliateId: recordId,
  subscriptionId: recordId,
  /** The renewal that failed: 2 for the first renewal after the initial order. */
  cycleNumber: z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000),
  /** Which try of that renewal's charge failed; each is one event. */
  attempt: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000).default(1),
  /** The renewal order, when the host created one; defaults to the order that started the subscription. */
  orderId: recordId.optional(),
  totalCents: cents.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in upper case, like USD')
    .optional(),
});

/** Input of `service.commerce.recordRenewalFailure`. */
export type RecordRenewalFailureInput = z.input<typeof recordRenewalFailureInput>;

/**
 * Emits `subscription_renewal_failed` for a renewal charge that failed, with `cycle_number`,
 * `payment_status: failed`, `first_purchase: false` (a renewal, docs/api.md §6.4) and the subscription's
 * attribution. It changes no stored record: pausing or cancelling after failures is the host's
 * call to `setSubscriptionStatus`. The same cycle and attempt sent again is the same event.
 *
 * @returns the event; 404 NOT_FOUND when the subscription does not exist for the affiliate; 422
 *   INVALID_FIELD naming the field when the input is invalid
 */
export function recordRenewalFailure(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: RecordRenewalFailureInput,
): ResultAsync<EventRecord, DomainError> {
  const input = validate(recordRenewalFailureInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, subscriptionId, cycleNumber, attempt, orderId, totalCents, currency } = input.value;
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(async (tx) => {
      const subscription = await tx.subscriptions.get({ affiliateId, id: subscriptionId });
      if (!subscription) return undefined;
      const { event } = await emitSubscriptionEvent(tx, deps, {
        eventType: 'subscription_renewal_failed',
        subscription,
        eventKey: `${subscription.id}:renewal_failed:${cycleNumber}:${attempt}`,
        ...(orderId ? { orderId } : {}),
        extra: {
          cycle_number: cycleNumber,
          payment_status: 'failed',
          first_purchase: false,
          ...(totalCents === undefined ? {} : { total_value_cents: totalCents }),
          ...(currency ? { currency } : {}),
        },
      });
      return event;
    }),
  ).andThen((event) => (event ? okAsync(event) : errAsync(notFound('subscription'))));
}
