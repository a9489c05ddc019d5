import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { eventReaders } from './access';
import { eventIdParams, listEventsQuery } from './event-log-input';
import { eventAnswerSchema, eventListAnswerSchema } from './event-log-view';
import { listEvents } from './list-events';
import { readEvent } from './read-event';

const tags = ['events'];

/** The event log: every public event recorded for the affiliate, as v2 receivers get them. */
export const eventLogRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/events',
    operationId: 'listEvents',
    summary:
      "The affiliate's events, newest first, each the v2 payload a receiver gets (timestamp: when it occurred), whether or not a webhook subscribed. Page down with startingAfter, up with endingBefore.",
    tags,
    access: { kind: 'affiliate', roles: eventReaders },
    query: listEventsQuery,
    responses: {
      200: {
        description:
          'One page of events, newest first; `hasMore` when more lie beyond it in the direction read.',
        schema: eventListAnswerSchema,
      },
      422: {
        description:
          'A parameter malformed, an unknown or internal event type, both cursors at once, or a cursor or webhookId that is not one of the affiliate’s own (INVALID_FIELD naming it).',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['INVALID_FIELD'],
    handle: ({ actor, query, deps }) =>
      listEvents(deps, { affiliateId: actor.affiliateId, query }).map((data) => ({
        status: 200,
        body: { success: true, data },
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/events/{eventId}',
    operationId: 'getEvent',
    summary: 'One event as the v2 payload a receiver gets, with where its delivery to each webhook stands.',
    tags,
    access: { kind: 'affiliate', roles: eventReaders },
    params: eventIdParams,
    responses: {
      200: {
        description:
          'The event and its deliveries (one per webhook it went to; none when no webhook subscribed).',
        schema: eventAnswerSchema,
      },
      404: {
        description: 'No such event for this affiliate (internal events included).',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      readEvent(deps, { affiliateId: actor.affiliateId, eventId: params.eventId }).map((data) => ({
        status: 200,
        body: { success: true, data },
      })),
  }),
];
