import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { recordLock } from '../../storage/storage';
import type { Subscription } from '../../storage/subscription-store';
import { recordId } from '../orders/order-input';
import { emitSubscriptionEvent, subscriptionStatusEvent } from './subscription-events';

/** What the host's commerce back end sends to record a subscription. */
// The same id rule as orders: PostgreSQL text cannot hold NUL, and no id needs control characters.
const id = recordId;

export const recordSubscriptionInput = z.object({
  affiliateId: id,
  subscription: z.object({
    id: id.optional(),
    status: z.string().min(1).default('active'),
    cadence: z.object({
      interval: z.enum(['day', 'week', 'month', 'year']),
      count: z.number().int().min(1).max(365),
    }),
    nextBillingDate: z.coerce.date(),
    endDate: z.coerce.date().optional(),
    patientId: id.optional(),
    parentOrderId: id.optional(),
  }),
});

/** Input of `service.commerce.recordSubscription`. */
export type RecordSubscriptionInput = z.input<typeof recordSubscriptionInput>;

/**
 * Stores (creates or replaces) a subscription as the host's commerce back end reports it; emits
 * `subscription_created` the first time, and the event of a later status change as
 * `setSubscriptionStatus` does (`subscription_paused`, `_resumed`, `_cancelled`).
 */
export function recordSubscription(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: RecordSubscriptionInput,
): ResultAsync<Subscription, DomainError> {
  const input = validate(recordSubscriptionInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, subscription } = input.value;
  const now = deps.clock.now();
  const id = subscription.id ?? deps.ids.next({ prefix: 'sub' });
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const existing = await tx.subscriptions.get({ affiliateId, id });
        const record: Subscription = {
          id,
          affiliateId,
          status: subscription.status,
          cadence: subscription.cadence,
          nextBillingDate: subscription.nextBillingDate,
          ...(subscription.endDate ? { endDate: subscription.endDate } : {}),
          ...(subscription.patientId ? { patientId: subscription.patientId } : {}),
          ...(subscription.parentOrderId ? { parentOrderId: subscription.parentOrderId } : {}),
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        };
        await tx.subscriptions.upsert({ subscription: record });
        const eventType = existing
          ? subscriptionStatusEvent(existing.status, record.status)
          : 'subscription_created';
        if (eventType) {
          await emitSubscriptionEvent(tx, deps, {
            eventType,
            subscription: record,
            ...(existing ? {} : { eventKey: `${id}:created` }),
          });
        }
        return record;
      },
      { lock: recordLock('subscription', affiliateId, id) },
    ),
  );
}
