import { webhookReaders } from '../areas/webhooks/access';
import { type AnyRoute, defineRoute } from '../http/route';
import { errorEnvelopeSchema } from '../http/schemas';
import { deliveryDetailAnswerSchema, deliveryListAnswerSchema } from './delivery-view';
import { listDeliveryLog, readDelivery } from './message-log';
import { deliveryIdParams, listDeliveriesQuery } from './message-log-input';

/** The message log (docs/api.md §4.18): one row per delivery of the affiliate, and one delivery's detail. */
export const messageLogRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/deliveries',
    operationId: 'listDeliveries',
    summary:
      "The affiliate's deliveries (one event to one webhook each), newest first, filtered by webhook, state, event type and creation time. Page down with startingAfter, up with endingBefore.",
    tags: ['webhooks'],
    access: { kind: 'affiliate', roles: webhookReaders },
    query: listDeliveriesQuery,
    responses: {
      200: {
        description:
          'One page of deliveries, newest first; `hasMore` when more lie beyond it in the direction read.',
        schema: deliveryListAnswerSchema,
      },
      422: {
        description:
          'A parameter malformed, an unknown state or event type, both cursors at once, or a cursor or webhookId that is not one of the affiliate’s own (INVALID_FIELD naming it).',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['INVALID_FIELD'],
    handle: ({ actor, query, deps }) =>
      listDeliveryLog(deps, { affiliateId: actor.affiliateId, query }).map((data) => ({
        status: 200,
        body: { success: true, data },
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/deliveries/{deliveryId}',
    operationId: 'getDelivery',
    summary:
      'One delivery, the request its endpoint is sent (signature and custom header values hidden), and its attempts with their answers, oldest first.',
    tags: ['webhooks'],
    access: { kind: 'affiliate', roles: webhookReaders },
    params: deliveryIdParams,
    responses: {
      200: {
        description: 'The delivery, its request (absent when the webhook no longer exists) and its attempts.',
        schema: deliveryDetailAnswerSchema,
      },
      404: { description: 'No such delivery for this affiliate.', schema: errorEnvelopeSchema },
      422: { description: 'A malformed delivery id (INVALID_FIELD).', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, deps }) =>
      readDelivery(deps, { affiliateId: actor.affiliateId, deliveryId: params.deliveryId }).map((data) => ({
        status: 200,
        body: { success: true, data },
      })),
  }),
];
