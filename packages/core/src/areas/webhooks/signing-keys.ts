import { z } from 'zod';
import type { WebhookSigner } from '../../deps/webhook-signer';
import { fromBase64, toBase64, toBase64url } from '../../platform/bytes';
import type { HttpFailure } from '../../ports/net/http-client';
import type { StoredSigningKey, Webhook } from '../../storage/webhook-store';
import { maxPreviousSecrets, rotationOverlapMs } from './signing-secrets';

/** The prefix of a public key as the API shows it, as Standard Webhooks writes them. */
export const publicKeyPrefix = 'whpk_';

/** A signing key as the API shows it (docs/api.md §5.5): never its private half. */
export const signingKeyViewSchema = z.object({
  kid: z.string(),
  publicKey: z.string().startsWith(publicKeyPrefix),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().optional(),
});

/** One key of the JWKS document (RFC 8037: an `OKP` key on `Ed25519`). */
export const jwkSchema = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
});

/** The JWKS document of an affiliate's webhook keys (RFC 7517, section 5). */
export const jwksSchema = z.object({ keys: z.array(jwkSchema) });

/** The keys that sign a webhook's deliveries at `now`: current first, replaced ones in their overlap. */
export function activeSigningKeys(webhook: Webhook, now: Date): StoredSigningKey[] {
  return (webhook.signingKeys ?? []).filter((key) => key.expiresAt === undefined || key.expiresAt > now);
}

/** `signingKeys` of the webhook record: the keys signing now, with their public halves. */
export function signingKeysView(
  webhook: Webhook,
  now: Date,
): { signingKeys?: z.infer<typeof signingKeyViewSchema>[] } {
  const keys = activeSigningKeys(webhook, now);
  if (keys.length === 0) return {};
  return {
    signingKeys: keys.map((key) => ({
      kid: key.kid,
      publicKey: `${publicKeyPrefix}${key.publicKey}`,
      createdAt: key.createdAt.toISOString(),
      ...(key.expiresAt ? { expiresAt: key.expiresAt.toISOString() } : {}),
    })),
  };
}

/** The JWK of a key: `x` is the public key in base64url without padding (RFC 8037, section 2). */
export function toJwk(key: StoredSigningKey): z.infer<typeof jwkSchema> {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: toBase64url(fromBase64(key.publicKey)),
    kid: key.kid,
    alg: 'EdDSA',
    use: 'sig',
  };
}

/** A fresh key pair of one webhook, made by the signer; `kid` comes from the id port. */
export async function issueSigningKey(
  signer: WebhookSigner,
  input: { webhook: Webhook; kid: string; now: Date },
): Promise<StoredSigningKey> {
  const { webhook, kid, now } = input;
  const created = await signer.createKey({ affiliateId: webhook.affiliateId, webhookId: webhook.id, kid });
  if (created.publicKey.length !== 32) {
    throw new TypeError(
      '@affiliate-commerce/core: webhookSigner.createKey must return a 32-byte ed25519 public key',
    );
  }
  return {
    kid,
    publicKey: toBase64(created.publicKey),
    ...(created.sealed ? { sealed: created.sealed } : {}),
    ...(created.keyRef === undefined ? {} : { keyRef: created.keyRef }),
    createdAt: now,
  };
}

/**
 * The keys after a rotation, as for secrets: the new one first, the one it replaces signing 24
 * more hours, earlier replaced ones until their own expiry (at most three replaced at once).
 */
export function rotatedSigningKeys(
  current: readonly StoredSigningKey[],
  fresh: StoredSigningKey,
  now: Date,
): StoredSigningKey[] {
  const [active, ...previous] = current;
  const replaced =
    active && (active.expiresAt === undefined || active.expiresAt > now)
      ? [{ ...active, expiresAt: new Date(now.getTime() + rotationOverlapMs) }]
      : [];
  const stillSigning = previous.filter((key) => key.expiresAt && key.expiresAt > now);
  return [fresh, ...[...replaced, ...stillSigning].slice(0, maxPreviousSecrets)];
}

/** Signs the content of `v1a` (`<id>.<t>.<body>`): one base64 signature per key, current first, with its kid. */
export type KeySignatures = (content: Uint8Array) => Promise<readonly { kid: string; signature: string }[]>;

/**
 * What signs `v1a` for one webhook at `now`; undefined when no key signs. Each call asks the
 * signer anew, so no private key outlives its signature in the worker.
 */
export function keySignatures(signer: WebhookSigner, webhook: Webhook, now: Date): KeySignatures | undefined {
  const keys = activeSigningKeys(webhook, now);
  if (keys.length === 0) return undefined;
  return (message) =>
    Promise.all(
      keys.map(async (key) => {
        const signature = await signer
          .sign({ webhookId: webhook.id, key, message })
          .catch((cause: unknown) => {
            throw new KeySigningError(`the signer could not sign with key ${key.kid}`, { cause });
          });
        if (signature.length !== 64)
          throw new KeySigningError(`the signer gave ${signature.length} bytes for key ${key.kid}, not 64`);
        return { kid: key.kid, signature: toBase64(signature) };
      }),
    );
}

/** The signer failed to sign an attempt; its message names the key, never key material. */
export class KeySigningError extends Error {
  override readonly name = 'KeySigningError';
}

/**
 * The failed attempt of a request the signer could not sign: nothing is sent, unsigned or
 * half-signed, and the attempt log says why. Undefined for any other error, which stays thrown.
 */
export function signingFailure(cause: unknown): HttpFailure | undefined {
  if (!(cause instanceof KeySigningError)) return undefined;
  return { ok: false, reason: 'signing_failed', message: cause.message, latencyMs: 0 };
}
