import { okAsync } from 'neverthrow';
import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { eventDictionary, isSubscribable } from '../../rules/events/event-dictionary';
import { webhookReaders } from './access';
import { checkUrlHealth, checkWebhookHealth } from './check-health';
import { statsAnswerSchema, statsQuery, webhookStats } from './endpoint-stats';
import { idParams, urlSchema } from './webhook-input';
import { healthAnswerSchema, toHealthCheckView } from './webhook-view';

const tags = ['webhooks'];

const dictionaryEntrySchema = z.object({
  name: z.string(),
  category: z.string(),
  description: z.string(),
  emittedBy: z.string(),
  visibility: z.enum(['public', 'internal']),
  implemented: z.boolean(),
  subscribable: z.boolean(),
});

const dictionary = eventDictionary.map((event) => ({ ...event, subscribable: isSubscribable(event.name) }));

/**
 * Health checks (docs/api.md §4.7, §4.8.6), endpoint stats (§4.19) and the legacy event
 * dictionary (§4.8.7, §6.1, §9.6).
 */
export const webhookHealthRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{webhook}/actions/checkHealth',
    operationId: 'checkWebhookHealth',
    summary: "Probe the webhook's saved URL, or an override URL, and record the result on the webhook.",
    tags,
    access: { kind: 'affiliate', roles: webhookReaders },
    params: z.object({ webhook: z.string().min(1).max(200) }),
    body: z.object({ url: urlSchema.optional() }).optional(),
    responses: {
      200: {
        description: 'The probe result (also when unreachable or refused); `persisted: true`.',
        schema: healthAnswerSchema,
      },
      404: { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema },
      422: { description: 'The override url is not an absolute https URL.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      checkWebhookHealth(deps, {
        affiliateId: actor.affiliateId,
        id: params.webhook,
        ...(body?.url === undefined ? {} : { url: body.url }),
      }).map((check) => ({
        status: 200,
        body: { success: true, data: { ...toHealthCheckView(check), persisted: true } },
      })),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/actions/checkHealth',
    operationId: 'checkUrlHealth',
    summary: 'Probe a URL before saving it; nothing is stored.',
    tags,
    access: { kind: 'affiliate', roles: webhookReaders },
    body: z.object({ url: urlSchema }),
    responses: {
      200: {
        description: 'The probe result (also when unreachable or refused); `persisted: false`.',
        schema: healthAnswerSchema,
      },
      422: { description: 'url missing, or not an absolute https URL.', schema: errorEnvelopeSchema },
    },
    errors: ['INVALID_FIELD'],
    handle: ({ body, deps }) =>
      checkUrlHealth(deps, { url: body.url }).map((check) => ({
        status: 200,
        body: { success: true, data: { ...toHealthCheckView(check), persisted: false } },
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/webhooks/{id}/stats',
    operationId: 'getWebhookStats',
    summary:
      "A webhook's attempts hour by hour (the current hour last), with the success rate and a health status for a badge.",
    tags,
    access: { kind: 'affiliate', roles: webhookReaders },
    params: idParams,
    query: statsQuery,
    responses: {
      200: {
        description: 'One entry per hour, oldest first, zero when nothing was attempted.',
        schema: statsAnswerSchema,
      },
      404: { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema },
      422: { description: 'hours is not a whole number from 1 to 168.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, query, deps }) =>
      webhookStats(deps, { affiliateId: actor.affiliateId, id: params.id, hours: query.hours }).map(
        (data) => ({ status: 200, body: { success: true, data } }),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/webhooks/actions/getDictionary',
    operationId: 'getEventDictionary',
    summary:
      'The event dictionary: 60 events with category, description and emitting operation (legacy prefix).',
    tags,
    access: { kind: 'affiliate', roles: allRoles },
    responses: {
      200: {
        description: 'Every event, in dictionary order.',
        schema: z.object({ success: z.literal(true), data: z.array(dictionaryEntrySchema) }),
      },
    },
    errors: [],
    handle: () => okAsync({ status: 200, body: { success: true, data: dictionary } }),
  }),
];
