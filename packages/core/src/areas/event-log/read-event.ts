import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import { isListedEventType } from './event-log-input';
import { type EventDeliveryView, eventEnvelope, toEventDeliveryView } from './event-log-view';

/** One event of the log with where each of its deliveries stands. */
export interface EventDetail {
  readonly event: Record<string, unknown>;
  readonly deliveries: readonly EventDeliveryView[];
  /** Webhooks subscribed to the event that were not sent it because their filter did not match. */
  readonly filteredOut: readonly string[];
}

/**
 * One event of the affiliate's log, as the v2 payload a receiver gets, with one delivery per
 * webhook it went to (oldest first; none when no webhook subscribed), and the subscribed webhooks
 * whose filter held it back.
 *
 * @returns 404 NOT_FOUND when the event is another affiliate's, internal, or unknown
 */
export function readEvent(
  deps: Pick<ServiceDeps, 'storage'>,
  request: { affiliateId: string; eventId: string },
): ResultAsync<EventDetail, DomainError> {
  return ResultAsync.fromSafePromise(
    Promise.all([
      deps.storage.deliveries.getEvent(request),
      deps.storage.deliveries.listEventDeliveries(request),
    ]),
  ).andThen(([event, deliveries]) =>
    event && isListedEventType(event.eventType)
      ? okAsync({
          event: eventEnvelope(event),
          deliveries: deliveries.map(toEventDeliveryView),
          filteredOut: [...(event.filteredOut ?? [])],
        })
      : errAsync(notFound('event')),
  );
}
