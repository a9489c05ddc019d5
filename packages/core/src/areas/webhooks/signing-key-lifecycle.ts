import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { type DomainError, invalidField, upstreamUnavailable } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { StoredSigningKey } from '../../storage/webhook-store';
import { changeWebhook, type WebhookResult } from './change-webhook';
import { activeSigningKeys, issueSigningKey, rotatedSigningKeys, toJwk } from './signing-keys';

type KeyDeps = Pick<ServiceDeps, 'storage' | 'clock' | 'ids' | 'webhookSigner'>;

async function freshKey(
  deps: KeyDeps,
  input: Parameters<typeof issueSigningKey>[1],
): Promise<Result<StoredSigningKey, DomainError>> {
  try {
    return ok(await issueSigningKey(deps.webhookSigner, input));
  } catch (cause) {
    if (cause instanceof TypeError) throw cause;
    return err(upstreamUnavailable('webhookSigner', cause));
  }
}

/**
 * Gives a webhook a new ed25519 key pair for `v1a` signatures (docs/api.md §5.5): the first
 * one turns `v1a` on beside the HMAC signatures (or alone, with authentication off); a later
 * one replaces the current key, which keeps signing for 24 hours. The private key goes to the
 * signer (sealed in storage by default) and is never shown; the record shows the public keys.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 422 INVALID_FIELD on `payloadVersion` when the webhook is on v1 payloads, which carry no standard headers
 * @returns 502 UPSTREAM_UNAVAILABLE when the host's signer cannot make a key
 */
export function rotateSigningKey(
  deps: KeyDeps,
  request: { affiliateId: string; id: string },
): ResultAsync<WebhookResult, DomainError> {
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    async (current, now) => {
      if (current.payloadVersion !== 'v2') {
        return err(invalidField('payloadVersion', 'is v1: upgrade the webhook to v2 to sign with a key'));
      }
      const kid = deps.ids.next({ prefix: 'whkey' });
      const key = await freshKey(deps, { webhook: current, kid, now });
      if (key.isErr()) return err(key.error);
      return ok({
        next: { ...current, signingKeys: rotatedSigningKeys(current.signingKeys ?? [], key.value, now) },
      });
    },
  );
}

/**
 * Stops `v1a` signatures on a webhook at once (docs/api.md §5.5): every key is dropped and
 * leaves the JWKS document. Without keys it changes nothing.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function removeSigningKeys(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string; id: string },
): ResultAsync<WebhookResult, DomainError> {
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    (current) => {
      if (!current.signingKeys) return ok('unchanged');
      const { signingKeys: _keys, ...rest } = current;
      return ok({ next: rest });
    },
  );
}

/**
 * The JWKS document of an affiliate (docs/api.md §5.5): the public key of every key signing
 * one of its webhooks' deliveries now, those in a rotation overlap included. Empty for an
 * affiliate without keys, and for an id that is no affiliate's, so the route tells nobody which exist.
 */
export function affiliateJwks(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string },
): ResultAsync<{ keys: ReturnType<typeof toJwk>[] }, DomainError> {
  const now = deps.clock.now();
  return ResultAsync.fromSafePromise(deps.storage.webhooks.list({ affiliateId: request.affiliateId })).map(
    (webhooks) => ({ keys: webhooks.flatMap((webhook) => activeSigningKeys(webhook, now).map(toJwk)) }),
  );
}
