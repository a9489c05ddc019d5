import { z } from 'zod';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { webhookReaders, webhookWriters } from './access';
import { createWebhook, createWebhookBody } from './create-webhook';
import { listWebhookViews, readWebhook } from './read-webhooks';
import {
  requestedStatus,
  setWebhookStatus,
  updateWebhook,
  updateWebhookBody,
  webhookStatusBody,
} from './update-webhook';
import { idParams } from './webhook-input';
import { deleteWebhook, rollbackWebhook, rotateSecret, upgradeWebhook } from './webhook-lifecycle';
import {
  webhookAnswerSchema,
  webhookListAnswerSchema,
  webhookReadAnswerSchema,
  webhookReply,
} from './webhook-view';

const tags = ['webhooks'];
const notFoundDoc = { description: 'No such webhook for this affiliate.', schema: errorEnvelopeSchema };
const invalidDoc = (description: string) => ({ description, schema: errorEnvelopeSchema });

/** Management routes of webhooks (docs/api.md §2.1, §3.1, §4.2, §4.8, §4.10, §5.3, §9.5). */
export const webhookRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks',
    operationId: 'createWebhook',
    summary: 'Create a webhook (payload version v2; credentials returned once when authentication is on).',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    secret: true,
    body: createWebhookBody,
    responses: {
      201: {
        description: 'The webhook, with `credentials` when authentication is on.',
        schema: webhookAnswerSchema,
      },
      422: invalidDoc('Bad name, URL not https or refused, or an unknown, internal or unimplemented event.'),
    },
    errors: ['INVALID_FIELD'],
    handle: ({ actor, body, deps }) =>
      createWebhook(deps, { affiliateId: actor.affiliateId, input: body }).andThen((result) =>
        webhookReply(deps, 201, result),
      ),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/webhooks',
    operationId: 'listWebhooks',
    summary: "List the affiliate's webhooks, oldest first.",
    tags,
    access: { kind: 'affiliate', roles: webhookReaders },
    responses: {
      200: { description: 'The webhooks (never with secrets).', schema: webhookListAnswerSchema },
    },
    errors: [],
    handle: ({ actor, deps }) =>
      listWebhookViews(deps, { affiliateId: actor.affiliateId }).map((data) => ({
        status: 200,
        body: { success: true, data },
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/webhooks/{id}',
    operationId: 'getWebhook',
    summary: 'Read one webhook.',
    tags,
    access: { kind: 'affiliate', roles: webhookReaders },
    params: idParams,
    responses: {
      200: { description: 'The webhook (never with secrets).', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      readWebhook(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((webhook) =>
        webhookReply(deps, 200, { webhook }),
      ),
  }),
  defineRoute({
    method: 'PUT',
    path: '/v2/webhooks/{id}',
    operationId: 'updateWebhook',
    summary: 'Full update; credentials only when authentication goes from false to true in this call.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    secret: true,
    params: idParams,
    body: updateWebhookBody,
    responses: {
      200: {
        description: 'The webhook; `credentials` only when this call turned authentication on.',
        schema: webhookAnswerSchema,
      },
      404: notFoundDoc,
      422: invalidDoc('Bad name, URL not https or refused, or an unknown, internal or unimplemented event.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      updateWebhook(deps, { affiliateId: actor.affiliateId, id: params.id, input: body }).andThen((result) =>
        webhookReply(deps, 200, result),
      ),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v2/webhooks/{id}/status',
    operationId: 'setWebhookStatus',
    summary: 'Enable or disable a webhook: `{ "status": "enabled" | "disabled" }`.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    body: webhookStatusBody,
    responses: {
      200: { description: 'The webhook with its new status.', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
      422: invalidDoc('status missing or not "enabled"/"disabled", or contradicting isEnabled.'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      setWebhookStatus(deps, {
        affiliateId: actor.affiliateId,
        id: params.id,
        status: requestedStatus(body),
      }).andThen((result) => webhookReply(deps, 200, { webhook: result.webhook })),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v2/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook and its secrets.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    responses: {
      200: {
        description: 'Deleted.',
        schema: z.object({
          success: z.literal(true),
          data: z.object({ id: z.string(), deleted: z.literal(true) }),
        }),
      },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      deleteWebhook(deps, { affiliateId: actor.affiliateId, id: params.id }).map(() => ({
        status: 200,
        body: { success: true, data: { id: params.id, deleted: true } },
      })),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/actions/rotateSecret',
    operationId: 'rotateWebhookSecret',
    summary: 'Issue a new signing secret (returned once); the old one keeps signing for 24 hours.',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    secret: true,
    params: idParams,
    responses: {
      200: { description: 'The webhook with the new `credentials`.', schema: webhookAnswerSchema },
      404: notFoundDoc,
      422: invalidDoc('The webhook has authentication off (nothing to rotate).'),
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, deps }) =>
      rotateSecret(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((result) =>
        webhookReply(deps, 200, result),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/actions/upgrade',
    operationId: 'upgradeWebhook',
    summary: 'Move a webhook to v2 payloads (a no-op when it is on v2).',
    tags,
    access: { kind: 'affiliate', roles: webhookWriters },
    params: idParams,
    responses: {
      200: { description: 'The webhook on v2.', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      upgradeWebhook(deps, { affiliateId: actor.affiliateId, id: params.id }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/v2/webhooks/{id}/actions/rollback',
    operationId: 'rollbackWebhook',
    summary: 'Move a webhook back to v1 payloads (master token; the webhook is named by its unique id).',
    tags,
    access: { kind: 'master' },
    params: idParams,
    responses: {
      200: { description: 'The webhook on v1.', schema: webhookReadAnswerSchema },
      404: notFoundDoc,
    },
    errors: ['NOT_FOUND'],
    handle: ({ params, deps }) =>
      rollbackWebhook(deps, { id: params.id }).andThen((result) =>
        webhookReply(deps, 200, { webhook: result.webhook }),
      ),
  }),
];
