import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Webhook } from '../../storage/webhook-store';
import { type WebhookView, webhookView } from './webhook-view';

/**
 * The affiliate's webhooks as their views, never with credentials (`GET /v2/webhooks`,
 * `service.webhooks.list`).
 */
export function listWebhookViews(
  deps: Pick<ServiceDeps, 'storage' | 'secretBox' | 'clock'>,
  request: { affiliateId: string },
): ResultAsync<WebhookView[], DomainError> {
  return ResultAsync.fromSafePromise(
    deps.storage.webhooks
      .list(request)
      .then((webhooks) => Promise.all(webhooks.map((webhook) => webhookView(deps, webhook)))),
  );
}

/**
 * One of the affiliate's webhooks (`GET /v2/webhooks/{id}`, `service.webhooks.get`).
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function readWebhook(
  deps: Pick<ServiceDeps, 'storage'>,
  request: { affiliateId: string; id: string },
): ResultAsync<Webhook, DomainError> {
  return ResultAsync.fromSafePromise(deps.storage.webhooks.get(request)).andThen((webhook) =>
    webhook ? okAsync(webhook) : errAsync(notFound('webhook')),
  );
}
