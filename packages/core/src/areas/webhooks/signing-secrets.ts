import { errAsync, ResultAsync } from 'neverthrow';
import { type DomainError, notFound } from '../../base/errors';
import { generateSigningSecret, type SecretBox } from '../../deps/secret-box';
import type { ServiceDeps } from '../../deps/service-deps';
import type { StoredSecret, Webhook } from '../../storage/webhook-store';

/** How long a replaced secret keeps signing after a rotation (docs/api.md §11.2). */
export const rotationOverlapMs = 24 * 60 * 60 * 1000;

/** Replaced secrets kept at once: rotating again and again never grows a signature header without bound. */
export const maxPreviousSecrets = 3;

/** A fresh secret: the plaintext to reveal once, and its sealed form to store. */
export interface IssuedSecret {
  readonly plaintext: string;
  readonly stored: StoredSecret;
}

/** Generates a secret and seals it for one webhook. */
export async function issueSecret(box: SecretBox, webhookId: string, now: Date): Promise<IssuedSecret> {
  const plaintext = generateSigningSecret();
  return { plaintext, stored: { sealed: await box.seal({ plaintext, webhookId }), createdAt: now } };
}

/**
 * The secrets after a rotation: the new one first, the one it replaces signing for 24 more
 * hours, and earlier replaced ones until their own expiry (at most {@link maxPreviousSecrets}).
 */
export function rotatedSecrets(
  current: readonly StoredSecret[],
  fresh: StoredSecret,
  now: Date,
): StoredSecret[] {
  const [active, ...previous] = current;
  const replaced = active ? [{ ...active, expiresAt: new Date(now.getTime() + rotationOverlapMs) }] : [];
  const stillSigning = previous.filter((secret) => secret.expiresAt && secret.expiresAt > now);
  return [fresh, ...[...replaced, ...stillSigning].slice(0, maxPreviousSecrets)];
}

/**
 * The plaintext secrets that sign a webhook's deliveries at `now`: the current one first, then
 * replaced ones still in their overlap. Empty when authentication is off.
 *
 * @example
 * await signingSecretsOf(webhook, { secretBox: deps.secretBox, now: deps.clock.now() }) // ['whsec_new', 'whsec_old']
 */
export async function signingSecretsOf(
  webhook: Webhook,
  context: { secretBox: SecretBox; now: Date },
): Promise<string[]> {
  if (!webhook.authentication) return [];
  return Promise.all(
    webhook.secrets
      .filter((secret) => secret.expiresAt === undefined || secret.expiresAt > context.now)
      .map((secret) => context.secretBox.open({ sealed: secret.sealed, webhookId: webhook.id })),
  );
}

/**
 * Loads a webhook and returns the secrets that sign its deliveries right now (new first, old
 * while its 24 h overlap lasts), for the delivery worker.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function activeSigningSecrets(input: {
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox'>;
  affiliateId: string;
  webhookId: string;
}): ResultAsync<string[], DomainError> {
  const { deps, affiliateId, webhookId } = input;
  return ResultAsync.fromSafePromise(deps.storage.webhooks.get({ affiliateId, id: webhookId })).andThen(
    (webhook) =>
      webhook
        ? ResultAsync.fromSafePromise(
            signingSecretsOf(webhook, { secretBox: deps.secretBox, now: deps.clock.now() }),
          )
        : errAsync(notFound('webhook')),
  );
}
