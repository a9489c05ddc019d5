import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { emitEvent } from '../deliveries/emit-event';
import type { DomainError } from '../errors';
import { validate } from '../http/input';
import { recordId } from '../orders/order-input';
import type { ServiceDeps } from '../service-deps';
import type { Subscription } from './subscription-store';

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
 * Stores (creates or replaces) a subscription as the host's commerce back end reports it.
 *
 * @example
 * await service.commerce.recordSubscription({
 *   affiliateId: 'aff_1',
 *   subscription: { cadence: { interval: 'month', count: 1 }, nextBillingDate: '2027-01-05T09:00:00Z' },
 * });
 */
export function recordSubscription(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: RecordSubscriptionInput,
): ResultAsync<Subscription, DomainError> {
  const input = validate(recordSubscriptionInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, subscription } = input.value;
  const now = deps.clock.now();
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const id = subscription.id ?? deps.ids.next({ prefix: 'sub' });
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
        if (!existing) {
          await emitEvent(tx, deps, {
            affiliateId,
            eventType: 'subscription_created',
            eventKey: `${id}:created`,
            data: {
              subscription_id: id,
              subscription_status: record.status,
              ...(record.parentOrderId ? { ecommerce_order_id: record.parentOrderId } : {}),
              plan_type: `${record.cadence.count}_${record.cadence.interval}`,
            },
            ...(record.patientId ? { patientId: record.patientId } : {}),
            ...(record.parentOrderId ? { orderId: record.parentOrderId } : {}),
          });
        }
        return record;
      },
      { serializable: true },
    ),
  );
}
