import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, invalidField } from '../base/errors';
import { validate } from '../base/validate';
import type { ServiceDeps } from '../deps/service-deps';
import type { EventType } from '../rules/events/event-dictionary';
import { eventDefinition } from '../rules/events/event-dictionary';
import type { EventRecord } from '../rules/events/v2-payload';
import { emitEvent } from './emit-event';

/** What the host's back end sends to emit an event of its own record. */
export const emitInput = z.object({
  affiliateId: z.string().min(1),
  eventType: z.string().min(1),
  data: z.record(z.string(), z.unknown()),
  patientId: z.string().min(1).optional(),
  orderId: z.string().min(1).optional(),
  journeyId: z.string().min(1).optional(),
  attribution: z.record(z.string(), z.unknown()).optional(),
  eventKey: z.string().min(1).max(200).optional(),
});

/** Input of `service.commerce.emit`. */
export type CommerceEmitInput = Omit<z.input<typeof emitInput>, 'eventType'> & {
  /** A public event of the dictionary; a name it does not hold is 422 `INVALID_FIELD` too. */
  readonly eventType: EventType;
};

/**
 * Emits a dictionary event for a record the host's commerce back end changed (prescriptions,
 * pharmacy, shipping, lab, payments, refunds, ...), with its deliveries, in one transaction.
 *
 * @returns 422 INVALID_FIELD for an unknown or not yet implemented event type
 */
export function commerceEmit(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: CommerceEmitInput,
): ResultAsync<EventRecord, DomainError> {
  const input = validate(emitInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const definition = eventDefinition(input.value.eventType);
  if (!definition)
    return errAsync(invalidField('eventType', `is not an event of the dictionary: ${input.value.eventType}`));
  if (!definition.implemented)
    return errAsync(invalidField('eventType', `is not implemented yet: ${input.value.eventType}`));
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(
      async (tx) => (await emitEvent(tx, deps, { ...input.value, eventType: definition.name })).event,
    ),
  );
}
