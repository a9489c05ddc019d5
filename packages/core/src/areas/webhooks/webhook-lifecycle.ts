import { err, errAsync, ok, okAsync, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField, notFound } from '../../base/errors';
import { announce } from '../../deps/operational-events';
import type { ServiceDeps } from '../../deps/service-deps';
import type { PayloadVersion } from '../../storage/webhook-store';
import { changeWebhook, type WebhookResult } from './change-webhook';
import { issueSecret, rotatedSecrets } from './signing-secrets';

/**
 * Issues a new signing secret and returns it once (docs/api.md §11.2); the secret it replaces keeps
 * signing for 24 hours, as a second `sha256=` entry, so receivers rotate without downtime.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 422 INVALID_FIELD (authentication) when the webhook does not sign its deliveries
 */
export function rotateSecret(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox' | 'logger' | 'onOperationalEvent'>,
  request: { affiliateId: string; id: string },
): ResultAsync<WebhookResult, DomainError> {
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    async (current, now) => {
      if (!current.authentication) {
        return err(
          invalidField('authentication', 'is false: turn authentication on with PUT to get a first secret'),
        );
      }
      const issued = await issueSecret(deps.secretBox, current.id, now);
      return ok({
        next: { ...current, secrets: rotatedSecrets(current.secrets, issued.stored, now) },
        secret: issued.plaintext,
      });
    },
  ).map((result) => {
    const { webhook } = result;
    const overlapEndsAt = webhook.secrets[1]?.expiresAt;
    announce(deps, {
      type: 'secret.rotated',
      affiliateId: webhook.affiliateId,
      webhookId: webhook.id,
      at: webhook.updatedAt,
      ...(overlapEndsAt ? { overlapEndsAt } : {}),
    });
    return result;
  });
}

/**
 * Moves a webhook to v2 payloads (docs/api.md §9.5). Already on v2 is a no-op answering the record.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function upgradeWebhook(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string; id: string },
): ResultAsync<WebhookResult, DomainError> {
  return setPayloadVersion(deps, () => deps.storage.webhooks.get(request), 'v2');
}

/**
 * Moves a webhook back to v1 payloads (docs/api.md §9.5, master token only). The master token has no
 * affiliate, so the webhook is found by its globally unique id.
 *
 * @returns 404 NOT_FOUND when no webhook has this id
 */
export function rollbackWebhook(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { id: string },
): ResultAsync<WebhookResult, DomainError> {
  return setPayloadVersion(deps, () => deps.storage.webhooks.findForOperator(request), 'v1');
}

function setPayloadVersion(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  load: Parameters<typeof changeWebhook>[1],
  version: PayloadVersion,
): ResultAsync<WebhookResult, DomainError> {
  return changeWebhook(deps, load, (current) =>
    ok(current.payloadVersion === version ? 'unchanged' : { next: { ...current, payloadVersion: version } }),
  );
}

/**
 * Deletes a webhook and its secrets.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function deleteWebhook(
  deps: Pick<ServiceDeps, 'storage'>,
  request: { affiliateId: string; id: string },
): ResultAsync<void, DomainError> {
  return ResultAsync.fromSafePromise(deps.storage.webhooks.remove(request)).andThen((removed) =>
    removed ? okAsync(undefined) : errAsync(notFound('webhook')),
  );
}
