import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { EventType } from '../../rules/events/event-dictionary';
import type { CommerceRecord, RecordKind } from '../../storage/record-store';
import { recordLock } from '../../storage/storage';
import { recordId } from '../orders/order-input';
import { recordKinds } from './record-kinds';

/** What the host sends for one record: id, status, links, and the raw fields of the event. */
export const recordInput = z.object({
  affiliateId: recordId,
  record: z.object({
    id: recordId,
    status: z.string().min(1).max(100),
    orderId: recordId.optional(),
    patientId: recordId.optional(),
    journeyId: recordId.optional(),
    /** Raw fields (docs/api.md §6.2 names); the v2 payload keeps only its category's allowlist. */
    fields: z.record(z.string(), z.unknown()).default({}),
  }),
});

/** Input of the `service.commerce.record*` calls for prescriptions, pharmacy, shipments, lab orders and payments. */
export type CommerceRecordInput = z.input<typeof recordInput>;

/** @deprecated Use {@link CommerceRecordInput}. Removed in 0.3.0. */
export type RecordInput = CommerceRecordInput;

/**
 * Stores a commerce record and emits its events in one transaction: the kind's `created` event
 * the first time, then the event of its new status (or the kind's generic change event). The
 * same status reported twice emits nothing again.
 *
 * @returns 422 INVALID_FIELD naming the field when the input is invalid
 */
export function recordCommerceRecord(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  kind: RecordKind,
  raw: CommerceRecordInput,
): ResultAsync<CommerceRecord, DomainError> {
  const input = validate(recordInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, record: given } = input.value;
  const rules = recordKinds[kind];
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => {
        const now = deps.clock.now();
        const written: CommerceRecord = {
          kind,
          id: given.id,
          affiliateId,
          status: given.status,
          ...(given.orderId ? { orderId: given.orderId } : {}),
          ...(given.patientId ? { patientId: given.patientId } : {}),
          ...(given.journeyId ? { journeyId: given.journeyId } : {}),
          fields: given.fields,
          createdAt: now,
          updatedAt: now,
        };
        const previous = await tx.records.upsert({ record: written });
        const record = previous ? { ...written, createdAt: previous.createdAt } : written;
        const data = {
          ...given.fields,
          [rules.idField]: given.id,
          [rules.statusField]: given.status,
          ...(given.orderId ? { order_id: given.orderId } : {}),
          ...(given.journeyId ? { journey_id: given.journeyId } : {}),
        };
        const emit = (eventType: EventType) =>
          emitEvent(tx, deps, {
            affiliateId,
            eventType,
            data,
            // One event per record and status: a retried call emits nothing twice.
            eventKey: `${kind}:${given.id}:${eventType}:${given.status}`,
            ...(given.patientId ? { patientId: given.patientId } : {}),
            ...(given.orderId ? { orderId: given.orderId } : {}),
            ...(given.journeyId ? { journeyId: given.journeyId } : {}),
          });
        if (!previous && rules.created) await emit(rules.created);
        if (previous?.status !== given.status) {
          const changed = rules.byStatus[given.status] ?? (previous ? rules.otherChange : undefined);
          if (changed) await emit(changed);
        }
        return record;
      },
      { lock: recordLock(kind, affiliateId, given.id) },
    ),
  );
}
