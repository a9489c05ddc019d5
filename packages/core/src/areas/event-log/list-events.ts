import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { EventPosition } from '../../storage/delivery-store';
import { isListedEventType, type ListEventsQuery, listedEventTypes } from './event-log-input';
import { eventEnvelope } from './event-log-view';

/** A page of the event log: payloads newest first, and whether more lie beyond the page. */
export interface EventLogPage {
  readonly events: readonly Record<string, unknown>[];
  readonly hasMore: boolean;
}

/** Where a cursor stands: the position of one of the affiliate's listed events. */
function cursor(
  deps: Pick<ServiceDeps, 'storage'>,
  affiliateId: string,
  field: 'startingAfter' | 'endingBefore',
  eventId: string | undefined,
): ResultAsync<EventPosition | undefined, DomainError> {
  if (eventId === undefined) return okAsync(undefined);
  return ResultAsync.fromSafePromise(deps.storage.deliveries.getEvent({ affiliateId, eventId })).andThen(
    (event) =>
      event && isListedEventType(event.eventType)
        ? okAsync({ occurredAt: event.occurredAt, eventId: event.eventId })
        : errAsync(invalidField(field, 'is not an event of this affiliate')),
  );
}

/** A `webhookId` filter: one of the affiliate's webhooks, else 422 INVALID_FIELD on `webhookId`. */
export function webhookFilter(
  deps: Pick<ServiceDeps, 'storage'>,
  affiliateId: string,
  id: string | undefined,
): ResultAsync<string | undefined, DomainError> {
  if (id === undefined) return okAsync(undefined);
  return ResultAsync.fromSafePromise(deps.storage.webhooks.get({ affiliateId, id })).andThen((webhook) =>
    webhook ? okAsync(webhook.id) : errAsync(invalidField('webhookId', 'is not a webhook of this affiliate')),
  );
}

/**
 * One page of the affiliate's event log: every public event the service recorded for it, whether
 * or not a webhook received it, newest first, each as the v2 payload a receiver gets.
 * `startingAfter` pages down (older), `endingBefore` up (newer, the page closest to the cursor).
 *
 * @returns 422 INVALID_FIELD on `startingAfter` or `endingBefore` when the cursor is not one of
 *   the affiliate's listed events (another affiliate's, unknown or internal)
 * @returns 422 INVALID_FIELD on `webhookId` when it is not one of the affiliate's webhooks
 */
export function listEvents(
  deps: Pick<ServiceDeps, 'storage'>,
  request: { affiliateId: string; query: ListEventsQuery },
): ResultAsync<EventLogPage, DomainError> {
  const { affiliateId, query } = request;
  return ResultAsync.combine([
    cursor(deps, affiliateId, 'startingAfter', query.startingAfter),
    cursor(deps, affiliateId, 'endingBefore', query.endingBefore),
    webhookFilter(deps, affiliateId, query.webhookId),
  ] as const)
    .andThen(([startingAfter, endingBefore, webhookId]) =>
      ResultAsync.fromSafePromise(
        deps.storage.deliveries.listEvents({
          affiliateId,
          types: query.types ?? listedEventTypes,
          limit: query.limit,
          ...(query.createdGte ? { occurredFrom: query.createdGte } : {}),
          ...(query.createdLt ? { occurredBefore: query.createdLt } : {}),
          ...(webhookId === undefined ? {} : { webhookId }),
          ...(startingAfter ? { startingAfter } : {}),
          ...(endingBefore ? { endingBefore } : {}),
        }),
      ),
    )
    .map((page) => ({ events: page.events.map(eventEnvelope), hasMore: page.hasMore }));
}
