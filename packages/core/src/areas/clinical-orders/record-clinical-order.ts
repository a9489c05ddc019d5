import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { CommerceRecord } from '../../storage/record-store';
import { recordLock } from '../../storage/storage';
import { recordKinds } from '../commerce-records/record-kinds';
import { recordId } from '../orders/order-input';
import { clinicalOrderData, clinicalOrderEvents } from './clinical-order-events';

const { byStatus, otherChange } = recordKinds.clinicalOrder;
/** The events of a status change, which carry the change as `status_transition`. */
const statusEvents = new Set<string>([...Object.values(byStatus), ...(otherChange ? [otherChange] : [])]);

/** What the host sends for a clinical order: the whole order as it is now. */
export const recordClinicalOrderInput = z.strictObject({
  affiliateId: recordId,
  order: z.strictObject({
    id: recordId,
    status: z.string().min(1).max(100),
    /** The ecommerce order it belongs to: the join to journeys and attribution (docs/api.md §6.5). */
    ecommerceOrderId: recordId.optional(),
    patientId: recordId.optional(),
    journeyId: recordId.optional(),
    /**
     * Raw fields under docs/api.md §6.2 names (`case_id`, `case_status`, `product_variation_ids`,
     * `order_tag`, ...); the v2 payload keeps only the ORDER allowlist.
     */
    fields: z.record(z.string(), z.unknown()).default({}),
  }),
});

/** Input of `service.commerce.recordClinicalOrder`. */
export type RecordClinicalOrderInput = z.input<typeof recordClinicalOrderInput>;

/**
 * Stores a clinical order (the order of the ORDER event family) as the host has it now, and emits
 * what changed since the last report, in one transaction: `order_created` the first time, then
 * `order_cancelled`, `order_completed` or `order_status_changed` for a new status (with
 * `status_transition`), `order_case_status_changed` for a new `fields.case_status`,
 * `order_product_changed` for new `fields.product_variation_ids`, and `order_updated` for any
 * other ORDER field. Reporting the same order again emits nothing.
 *
 * @returns 422 INVALID_FIELD naming the field when the input is invalid
 */
export function recordClinicalOrder(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: RecordClinicalOrderInput,
): ResultAsync<CommerceRecord, DomainError> {
  const input = validate(recordClinicalOrderInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, order: given } = input.value;
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const now = deps.clock.now();
        const written: CommerceRecord = {
          kind: 'clinicalOrder',
          id: given.id,
          affiliateId,
          status: given.status,
          ...(given.ecommerceOrderId ? { orderId: given.ecommerceOrderId } : {}),
          ...(given.patientId ? { patientId: given.patientId } : {}),
          ...(given.journeyId ? { journeyId: given.journeyId } : {}),
          fields: given.fields,
          createdAt: now,
          updatedAt: now,
        };
        const previous = await tx.records.upsert({ record: written });
        const order = previous ? { ...written, createdAt: previous.createdAt } : written;
        const data = clinicalOrderData(order);
        const transition =
          previous && previous.status !== order.status
            ? { from: previous.status, to: order.status }
            : undefined;
        for (const eventType of clinicalOrderEvents(previous, order)) {
          await emitEvent(tx, deps, {
            affiliateId,
            eventType,
            data:
              transition && statusEvents.has(eventType) ? { ...data, status_transition: transition } : data,
            // Later changes are decided from the stored order; only creation needs a key of its own.
            ...(eventType === 'order_created' ? { eventKey: `clinicalOrder:${order.id}:created` } : {}),
            ...(order.patientId ? { patientId: order.patientId } : {}),
            ...(order.orderId ? { orderId: order.orderId } : {}),
            ...(order.journeyId ? { journeyId: order.journeyId } : {}),
          });
        }
        return order;
      },
      { lock: recordLock('clinicalOrder', affiliateId, given.id) },
    ),
  );
}
