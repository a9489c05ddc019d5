import { err, errAsync, ok, type Result, ResultAsync } from 'neverthrow';
import type { z } from 'zod';
import { type DomainError, invalidField } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { CouponRedemption, Order } from '../../storage/order-store';
import { recordLock } from '../../storage/storage';
import { emitOrderEvents } from './order-events';
import { type RecordOrderInput, recordOrderInput } from './order-input';

/** An order as stored, with its coupon redemptions. @example (await service.commerce.recordOrder(input)).order */
export interface RecordedOrder {
  readonly order: Order;
  readonly couponRedemptions: readonly CouponRedemption[];
}

type ParsedOrder = z.output<typeof recordOrderInput>['order'];

function buildRedemptions(
  affiliateId: string,
  orderId: string,
  order: ParsedOrder,
): Result<CouponRedemption[], DomainError> {
  const seen = new Set<string>();
  const redemptions: CouponRedemption[] = [];
  for (const [index, input] of order.couponRedemptions.entries()) {
    // A derived id keeps re-recording the same order idempotent: the same redemptions get the same ids.
    const id = input.id ?? `${orderId}_coupon_${index + 1}`;
    if (seen.has(id))
      return err(invalidField(`order.couponRedemptions.${index}.id`, 'is used twice in this order'));
    seen.add(id);
    const campaignId = input.campaignId ?? order.campaignId;
    redemptions.push({
      id,
      affiliateId,
      orderId,
      code: input.code,
      discountType: input.discountType,
      discountAmount: input.discountAmount,
      discountCents: input.discountCents,
      currency: order.currency,
      redeemedAt: input.redeemedAt,
      ...(campaignId === undefined ? {} : { campaignId }),
      productVariationIds: [
        ...new Set(input.productVariationIds ?? order.products.map((product) => product.productVariationId)),
      ],
    });
  }
  return ok(redemptions);
}

/**
 * Stores (creates or replaces) an ecommerce order with its coupon redemptions, in one
 * transaction. Recording the same id again replaces the order and all its redemptions, so a
 * retried call changes nothing.
 *
 * @returns 422 INVALID_FIELD naming the field (for example `order.totalCents` or
 *   `order.couponRedemptions.0.redeemedAt`) when the input is invalid
 */
export function recordOrder(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: RecordOrderInput,
): ResultAsync<RecordedOrder, DomainError> {
  const input = validate(recordOrderInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, order: parsed } = input.value;
  const id = parsed.id ?? deps.ids.next({ prefix: 'ord' });
  const redemptions = buildRedemptions(affiliateId, id, parsed);
  if (redemptions.isErr()) return errAsync(redemptions.error);
  const now = deps.clock.now();
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const written: Order = {
          id,
          affiliateId,
          status: parsed.status,
          createdAt: parsed.createdAt ?? now,
          updatedAt: now,
          ...(parsed.patientId === undefined ? {} : { patientId: parsed.patientId }),
          ...(parsed.journeyId === undefined ? {} : { journeyId: parsed.journeyId }),
          ...(parsed.subscriptionId === undefined ? {} : { subscriptionId: parsed.subscriptionId }),
          ...(parsed.parentOrderId === undefined ? {} : { parentOrderId: parsed.parentOrderId }),
          isRenewal: parsed.isRenewal,
          ...(parsed.cycleNumber === undefined ? {} : { cycleNumber: parsed.cycleNumber }),
          totalCents: parsed.totalCents,
          currency: parsed.currency,
          products: parsed.products,
          ...(parsed.campaignId === undefined ? {} : { campaignId: parsed.campaignId }),
        };
        // Re-recording an order without its creation time keeps the one stored.
        const keepCreatedAt = parsed.createdAt === undefined;
        const previous = await tx.orders.save({
          order: written,
          couponRedemptions: redemptions.value,
          keepCreatedAt,
        });
        const order = keepCreatedAt && previous ? { ...written, createdAt: previous.createdAt } : written;
        await emitOrderEvents(tx, deps, { order, redemptions: redemptions.value, previous });
        return { order, couponRedemptions: redemptions.value };
      },
      // Writers of one order run one after another; its events have keys of their own, so a
      // retried call emits nothing twice.
      { lock: recordLock('order', affiliateId, id) },
    ),
  );
}
