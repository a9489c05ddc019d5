import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, invalidField, notFound, webhookDisabled } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { isSubscribable } from '../../rules/events/event-dictionary';
import { exampleEvent } from '../../rules/events/example-event';
import { exampleEventIdPrefix } from '../../rules/events/example-marker';
import type { Delivery } from '../../storage/delivery-store';

/** Body of `POST /v2/webhooks/{id}/actions/sendExample`: the event type to send an example of. */
export const sendExampleBody = z.object({ eventType: z.string().max(100) });

/** What {@link sendExample} queued: the example event and its one delivery. */
export interface SentExample {
  readonly eventId: string;
  readonly deliveryId: string;
}

/** An outcome decided inside the transaction, turned into a result outside it. */
type Outcome = SentExample | DomainError;

/**
 * Queues an example of `eventType` for one webhook only (not the affiliate's other webhooks,
 * whatever they subscribe to), through the real pipeline: an event row with an `evt_example_`
 * id and one pending delivery, which the worker signs, builds in the webhook's payload version
 * (v2 sanitized, or v1 raw; both say `"example": true`), retries and logs like any other. The
 * webhook need not subscribe to the type: the example is how a receiver is tried before it does.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 409 WEBHOOK_DISABLED when the webhook is disabled
 * @returns 422 INVALID_FIELD on `eventType` when missing, unknown, internal or not yet implemented
 */
export function sendExample(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids'>,
  request: { affiliateId: string; webhookId: string; input: z.input<typeof sendExampleBody> },
): ResultAsync<SentExample, DomainError> {
  const input = validate(sendExampleBody, request.input, 'body');
  if (input.isErr()) return errAsync(input.error);
  const { eventType } = input.value;
  if (!isSubscribable(eventType)) {
    return errAsync(
      invalidField(
        'eventType',
        `'${eventType}' is not an event a webhook can subscribe to (see getDictionary)`,
      ),
    );
  }
  const { affiliateId, webhookId } = request;
  // Serializable: the webhook read and the rows written form one step, so a webhook disabled or
  // deleted meanwhile either comes first (409, 404) or after; in that case the worker finds it
  // disabled or gone when the delivery is due and cancels it instead of sending.
  const queued = deps.storage.transaction(
    async (tx): Promise<Outcome> => {
      const webhook = await tx.webhooks.get({ affiliateId, id: webhookId });
      if (!webhook) return notFound('webhook');
      if (webhook.status !== 'enabled') return webhookDisabled();
      const now = deps.clock.now();
      // `evt_example_` and the id port's random part: the mark the worker reads.
      const eventId = deps.ids.next({ prefix: exampleEventIdPrefix.slice(0, -1) });
      const event = exampleEvent(eventType, { affiliateId, eventId, occurredAt: now });
      await tx.deliveries.insertEvent({ event });
      const delivery: Delivery = {
        id: deps.ids.next({ prefix: 'dlv' }),
        affiliateId,
        webhookId,
        eventId,
        eventType,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      };
      await tx.deliveries.enqueue({ deliveries: [delivery] });
      return { eventId, deliveryId: delivery.id };
    },
    { serializable: true },
  );
  return ResultAsync.fromSafePromise(queued).andThen((outcome) =>
    'code' in outcome ? errAsync(outcome) : okAsync(outcome),
  );
}
