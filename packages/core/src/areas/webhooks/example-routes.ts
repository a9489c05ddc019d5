import { errAsync, okAsync } from 'neverthrow';
import { z } from 'zod';
import { notFound } from '../../base/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { eventDefinition, isSubscribable } from '../../rules/events/event-dictionary';
import { examplePayloads } from '../../rules/events/example-event';
import { webhookWriters } from './access';
import { sendExample, sendExampleBody } from './send-example';
import { idParams } from './webhook-input';

const tags = ['webhooks'];
const payloadSchema = z.record(z.string(), z.unknown());

/**
 * Example events (docs/decisions/webhooks.md, "Example events"): send one to a webhook, or read
 * the payloads of one, as an event catalog shows them.
 */
export const webhookExampleRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/actions/sendExample',
    operationId: 'sendWebhookExample',
    summary:
      'Deliver an example of one event type to this webhook only: signed, in its payload version, retried and logged; the payload says "example": true.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    rateLimit: { bucket: 'webhook-examples' },
    params: idParams,
    body: sendExampleBody,
    responses: {
      202: {
        description: 'The example event and its delivery are queued; the worker sends it within seconds.',
        schema: z.object({
          success: z.literal(true),
          data: z.object({ eventId: z.string(), deliveryId: z.string() }),
        }),
      },
      404: { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema },
      409: {
        description: 'The webhook is disabled (WEBHOOK_DISABLED); enable it first.',
        schema: errorEnvelopeSchema,
      },
      422: {
        description: 'eventType missing, unknown, internal or not yet implemented.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'WEBHOOK_DISABLED', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      sendExample(deps, { affiliateId: actor.affiliateId, webhookId: params.id, input: body }).map(
        (sent) => ({ status: 202, body: { success: true, data: sent } }),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/webhooks/eventTypes/{type}/example',
    operationId: 'getEventTypeExample',
    summary: 'The example payloads (v2 and v1) of one subscribable event type; nothing is sent.',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    params: z.object({ type: z.string().min(1).max(100) }),
    responses: {
      200: {
        description: 'The v2 envelope and the v1 raw event the example would be delivered as.',
        schema: z.object({
          success: z.literal(true),
          data: z.object({
            eventType: z.string(),
            category: z.string(),
            v2: payloadSchema,
            v1: payloadSchema,
          }),
        }),
      },
      404: { description: 'No subscribable event type of that name.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params }) => {
      const definition = eventDefinition(params.type);
      if (!definition || !isSubscribable(params.type)) return errAsync(notFound('event type'));
      const payloads = examplePayloads(params.type, { affiliateId: actor.affiliateId });
      return okAsync({
        status: 200,
        body: { success: true, data: { eventType: params.type, category: definition.category, ...payloads } },
      });
    },
  }),
];
