import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Order } from '../../storage/order-store';
import { recordLock } from '../../storage/storage';
import { emitOrderEvents } from './order-events';
import { type SetOrderStatusInput, setOrderStatusInput } from './order-input';

/**
 * Sets the status of a recorded order (any status to any other: docs/api.md §3.3).
 *
 * @returns 422 INVALID_FIELD for an unknown status or a missing id; 404 when the order does not
 *   exist for this affiliate
 */
export function setOrderStatus(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: SetOrderStatusInput,
): ResultAsync<Order, DomainError> {
  const input = validate(setOrderStatusInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, orderId, status } = input.value;
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const previous = await tx.orders.get({ affiliateId, id: orderId });
        const order = await tx.orders.setStatus({
          affiliateId,
          id: orderId,
          status,
          updatedAt: deps.clock.now(),
        });
        if (order && previous) {
          const redemptions = await tx.orders.couponRedemptions({ affiliateId, orderId });
          await emitOrderEvents(tx, deps, { order, redemptions, previous });
        }
        return order;
      },
      { lock: recordLock('order', affiliateId, orderId) },
    ),
  ).andThen((order) => (order ? okAsync(order) : errAsync(notFound('order'))));
}
