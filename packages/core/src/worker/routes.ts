import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { webhookReaders, webhookWriters } from '../areas/webhooks/access';
import { notFound } from '../base/errors';
import { type AnyRoute, defineRoute } from '../http/route';
import { errorEnvelopeSchema } from '../http/schemas';
import { attemptSchema, deliverySchema, toAttemptView, toDeliveryView } from './delivery-view';
import { recoverBody, recoverDeliveries } from './recover';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** The delivery attempt log and manual retry of a webhook (docs/api.md §4.11). */
export const deliveryRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/v2/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveryAttempts',
    summary: "A webhook's delivery attempt log, newest first (status, latency, first 4 KiB of each answer).",
    tags: ['webhooks'],
    access: { kind: 'affiliate', roles: webhookReaders },
    params: z.object({ id: z.string().min(1) }),
    query: pageQuery,
    responses: {
      200: {
        description: 'One page of attempts.',
        schema: z.object({
          success: z.literal(true),
          data: z.object({
            items: z.array(attemptSchema),
            pagination: z.object({
              page: z.number().int(),
              limit: z.number().int(),
              total: z.number().int(),
              totalPages: z.number().int(),
            }),
          }),
        }),
      },
      404: { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, query, deps }) =>
      ResultAsync.fromSafePromise(
        deps.storage.webhooks.get({ affiliateId: actor.affiliateId, id: params.id }),
      ).andThen((webhook) =>
        webhook
          ? ResultAsync.fromSafePromise(
              deps.storage.deliveries.listAttempts({
                affiliateId: actor.affiliateId,
                webhookId: webhook.id,
                offset: (query.page - 1) * query.limit,
                limit: query.limit,
              }),
            ).map((page) => ({
              status: 200,
              body: {
                success: true,
                data: {
                  items: page.items.map(toAttemptView),
                  pagination: {
                    page: query.page,
                    limit: query.limit,
                    total: page.total,
                    totalPages: Math.ceil(page.total / query.limit),
                  },
                },
              },
            }))
          : errAsync(notFound('webhook')),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/deliveries/{deliveryId}/actions/retry',
    operationId: 'retryWebhookDelivery',
    summary:
      'Send a delivery again now; the event_id stays. A pending one becomes due now unless a worker is sending it (then answered as is).',
    tags: ['webhooks'],
    access: { kind: 'affiliate', roles: webhookWriters },
    params: z.object({ id: z.string().min(1), deliveryId: z.string().min(1) }),
    responses: {
      202: {
        description: 'The delivery is due again.',
        schema: z.object({ success: z.literal(true), data: deliverySchema }),
      },
      404: { description: 'No such webhook or delivery for this affiliate.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) => {
      const where = { affiliateId: actor.affiliateId, webhookId: params.id, id: params.deliveryId };
      return ResultAsync.fromSafePromise(
        (async () =>
          // A delivery a worker holds right now is answered as it stands.
          (await deps.storage.deliveries.requeue({ ...where, now: deps.clock.now() })) ??
          (await deps.storage.deliveries.get(where)))(),
      ).andThen((delivery) =>
        delivery
          ? okAsync({ status: 202, body: { success: true, data: toDeliveryView(delivery) } })
          : errAsync(notFound('delivery')),
      );
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/actions/recover',
    operationId: 'recoverWebhookDeliveries',
    summary:
      'After an outage: re-queue the failed deliveries whose last attempt is in [since, until), with fresh attempts (up to 10,000 a call; repeat while hasMore).',
    tags: ['webhooks'],
    access: { kind: 'affiliate', roles: webhookWriters },
    params: z.object({ id: z.string().min(1) }),
    body: recoverBody,
    responses: {
      202: {
        description: 'The deliveries are due again; `hasMore` when more wait beyond this call.',
        schema: z.object({
          success: z.literal(true),
          data: z.object({ recovered: z.number().int(), hasMore: z.boolean() }),
        }),
      },
      404: { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema },
      409: {
        description: 'The webhook is disabled (WEBHOOK_DISABLED); enable it first.',
        schema: errorEnvelopeSchema,
      },
      422: {
        description:
          'A date missing or malformed, since not before until (or now), or since over 14 days ago.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'WEBHOOK_DISABLED', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      recoverDeliveries(deps, {
        affiliateId: actor.affiliateId,
        webhookId: params.id,
        since: new Date(body.since),
        ...(body.until === undefined ? {} : { until: new Date(body.until) }),
      }).map((result) => ({ status: 202, body: { success: true, data: result } })),
  }),
];
