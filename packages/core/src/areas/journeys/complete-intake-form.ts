import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, notFound } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { emitEvent } from '../../outbox/emit-event';
import type { EventRecord } from '../../rules/events/v2-payload';
import { recordId } from '../orders/order-input';
import { journeyEventBase } from './journey-events';

/** What the host sends when a visitor completes a custom intake form of a journey. */
export const completeIntakeFormInput = z.strictObject({
  affiliateId: recordId,
  journeyId: recordId,
  /** The form (the same for every visitor who fills it in). */
  intakeFormId: recordId,
  /** This visitor's filled-in copy of it. */
  intakeFormInstanceId: recordId,
});

/** Input of `service.commerce.completeIntakeForm`. */
export type CompleteIntakeFormInput = z.input<typeof completeIntakeFormInput>;

/**
 * Emits `custom_intake_form_completed` for a journey: the journey's template and type, its
 * ecommerce order once one exists, and `intake_form_id` / `intake_form_instance_id`. The answers
 * themselves never travel in an event (a receiver fetches them by id). The same form instance
 * sent again is the same event, delivered once.
 *
 * @returns the event; 404 NOT_FOUND when the journey does not exist for the affiliate; 422
 *   INVALID_FIELD naming the field when the input is invalid
 * @example
 * await service.commerce.completeIntakeForm({ affiliateId: 'aff_1', journeyId: 'jrn_1', intakeFormId: 'ifm_1', intakeFormInstanceId: 'ifi_7' });
 */
export function completeIntakeForm(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  raw: CompleteIntakeFormInput,
): ResultAsync<EventRecord, DomainError> {
  const input = validate(completeIntakeFormInput, raw, 'input');
  if (input.isErr()) return errAsync(input.error);
  const { affiliateId, journeyId, intakeFormId, intakeFormInstanceId } = input.value;
  return ResultAsync.fromSafePromise(
    deps.storage.transaction(async (tx) => {
      const journey = await tx.journeys.get({ affiliateId, id: journeyId });
      if (!journey) return undefined;
      const template = await tx.journeys.templateBySlug({ slug: journey.templateSlug });
      const { links, data } = await journeyEventBase(tx, journey, template);
      const { event } = await emitEvent(tx, deps, {
        affiliateId,
        eventType: 'custom_intake_form_completed',
        eventKey: `${journey.id}:intake_form:${intakeFormInstanceId}`,
        ...links,
        data: {
          ...data,
          intake_form_id: intakeFormId,
          intake_form_instance_id: intakeFormInstanceId,
        },
      });
      return event;
    }),
  ).andThen((event) => (event ? okAsync(event) : errAsync(notFound('journey'))));
}
