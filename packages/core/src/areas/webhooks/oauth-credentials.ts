import { errAsync, ok, type ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Webhook } from '../../storage/webhook-store';
import { changeWebhook, removeWebhookPart, type WebhookResult } from './change-webhook';
import { urlSchema, validateWebhookUrl } from './webhook-input';

/** Body of `PUT /v2/webhooks/{id}/oauth` (docs/api.md §5.6): client credentials, the secret write-only. */
export const oauthBody = z.object({
  tokenUrl: urlSchema,
  clientId: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  clientSecret: z.string().min(1, 'must not be empty').max(1000, 'must be at most 1000 characters'),
  scope: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(1000, 'must be at most 1000 characters')
    .optional(),
});

/** `oauth` of the webhook record: the credentials without the client secret. */
export const oauthViewSchema = z.object({
  tokenUrl: z.string(),
  clientId: z.string(),
  scope: z.string().optional(),
});

/** `oauth` of the webhook record; absent without credentials. */
export function oauthView(webhook: Webhook): { oauth?: z.infer<typeof oauthViewSchema> } {
  const { oauth } = webhook;
  if (!oauth) return {};
  return {
    oauth: {
      tokenUrl: oauth.tokenUrl,
      clientId: oauth.clientId,
      ...(oauth.scope === undefined ? {} : { scope: oauth.scope }),
    },
  };
}

/** The additional data the client secret is sealed with: no signing secret or header value stands in for it. */
export const oauthSealedFor = (webhookId: string) => `${webhookId}:oauth`;

/**
 * Sets the OAuth client credentials of a webhook (docs/api.md §5.6): from its next delivery the
 * worker fetches a token from `tokenUrl` (through the same address checks as deliveries) and
 * sends it as `Authorization: Bearer`. The client secret is sealed and never shown again.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 422 INVALID_FIELD naming the field: a refused `tokenUrl`, an empty or over-long `clientId`, `clientSecret` or `scope`
 */
export function setOAuth(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox' | 'allowPrivateNetworks'>,
  request: { affiliateId: string; id: string; input: unknown },
): ResultAsync<WebhookResult, DomainError> {
  const input = validate(oauthBody, request.input, 'body');
  if (input.isErr()) return errAsync(input.error);
  const tokenUrl = validateWebhookUrl(input.value.tokenUrl, deps, 'tokenUrl');
  if (tokenUrl.isErr()) return errAsync(tokenUrl.error);
  const { clientId, clientSecret, scope } = input.value;
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    async (current) => {
      const sealedSecret = await deps.secretBox.seal({
        plaintext: clientSecret,
        webhookId: oauthSealedFor(current.id),
      });
      const oauth = {
        tokenUrl: tokenUrl.value,
        clientId,
        ...(scope === undefined ? {} : { scope }),
        sealedSecret,
      };
      return ok({ next: { ...current, oauth } });
    },
  );
}

/**
 * Drops the OAuth client credentials of a webhook: deliveries go without `Authorization` again.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function removeOAuth(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string; id: string },
): ResultAsync<WebhookResult, DomainError> {
  return removeWebhookPart(deps, request, 'oauth');
}
