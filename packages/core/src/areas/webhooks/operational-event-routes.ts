import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { keptOperationalEvents, type StoredOperationalEvent } from '../../storage/webhook-store';
import { webhookReaders } from './access';
import { idParams } from './webhook-input';

const limitProblem = `must be a whole number from 1 to ${keptOperationalEvents}`;

/** The query of `GET /v2/webhooks/{id}/operationalEvents`; a bad `limit` is 422 INVALID_FIELD on `limit`. */
const operationalEventsQuery = z.object({
  limit: z.coerce
    .number({ error: limitProblem })
    .int(limitProblem)
    .min(1, limitProblem)
    .max(keptOperationalEvents, limitProblem)
    .default(20)
    .meta({ description: `Events returned, newest first: 1 to ${keptOperationalEvents} (default 20).` }),
});

const operationalEventViewSchema = z.object({
  id: z.string(),
  type: z.enum([
    'endpoint.failing',
    'endpoint.disabled',
    'endpoint.enabled',
    'endpoint.recovered',
    'delivery.exhausted',
    'secret.rotated',
    'secret.expiring',
  ]),
  at: z.iso.datetime(),
  details: z.record(z.string(), z.unknown()).meta({
    description: 'The fields of its type (docs/api.md §11.12) but `affiliateId`, `webhookId` and `at`.',
  }),
});

/** The answer of `GET /v2/webhooks/{id}/operationalEvents` (docs/api.md §11.12). */
export const operationalEventsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ webhookId: z.string(), items: z.array(operationalEventViewSchema) }),
});

type OperationalEventView = z.infer<typeof operationalEventViewSchema>;

const toView = (event: StoredOperationalEvent): OperationalEventView => ({
  id: event.id,
  type: event.type as OperationalEventView['type'],
  at: event.at.toISOString(),
  details: { ...event.details },
});

/**
 * A webhook's recent operational events, newest first.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function recentOperationalEvents(
  deps: Pick<ServiceDeps, 'storage'>,
  request: { affiliateId: string; id: string; limit: number },
): ResultAsync<{ webhookId: string; items: OperationalEventView[] }, DomainError> {
  const { affiliateId, id, limit } = request;
  return ResultAsync.fromSafePromise(deps.storage.webhooks.get({ affiliateId, id }))
    .andThen((webhook) => (webhook ? okAsync(webhook) : errAsync(notFound('webhook'))))
    .andThen((webhook) =>
      ResultAsync.fromSafePromise(
        deps.storage.webhooks.recentOperationalEvents({ affiliateId, webhookId: webhook.id, limit }),
      ),
    )
    .map((events) => ({ webhookId: id, items: events.map(toView) }));
}

/** A webhook's recent operational events for its affiliate (docs/api.md §11.12). */
export const operationalEventRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/webhooks/{id}/operationalEvents',
    operationId: 'listWebhookOperationalEvents',
    summary:
      "A webhook's recent operational events, newest first: failing, disabled, enabled, recovered, deliveries exhausted, secrets rotated or expiring.",
    tags: ['webhooks'],
    access: { kind: 'affiliate', roles: webhookReaders },
    params: idParams,
    query: operationalEventsQuery,
    responses: {
      200: {
        description: `Up to \`limit\` of the newest ${keptOperationalEvents} kept.`,
        schema: operationalEventsAnswerSchema,
      },
      404: { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema },
      422: {
        description: `limit is not a whole number from 1 to ${keptOperationalEvents}.`,
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, query, deps }) =>
      recentOperationalEvents(deps, {
        affiliateId: actor.affiliateId,
        id: params.id,
        limit: query.limit,
      }).map((data) => ({ status: 200, body: { success: true, data } })),
  }),
];
