import type { WebhookEvent } from '../events/types';
import { type Ed25519Verify, type VerifyPublicKeyOptions, verifyPublicKey } from '../public-key';

const ed25519 = { name: 'Ed25519' } as const;

/** One imported key per `x`: importKey costs about as much as a verification. */
const keys = new Map<string, Promise<CryptoKey>>();

const verifyEd25519: Ed25519Verify = async (x, signature, data) => {
  let key = keys.get(x);
  if (!key) {
    if (keys.size > 99) keys.clear();
    key = crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x }, ed25519, false, ['verify']);
    keys.set(x, key);
  }
  return crypto.subtle.verify(
    ed25519,
    await key,
    signature as Uint8Array<ArrayBuffer>,
    data as Uint8Array<ArrayBuffer>,
  );
};

/**
 * Verifies a `v1a` delivery (Standard Webhooks, ed25519) with the webhook's public key or the
 * sender's JWKS document, on WebCrypto, then parses it. Rejects with a
 * `WebhookVerificationError` when it must not be trusted; the time window is that of the HMAC
 * signatures.
 *
 * @returns the parsed v2 event (validated by `schema` when given); undefined with `parse: false`
 * @example
 * const event = await verifyWebhookWithPublicKeyAsync({
 *   payload: await request.arrayBuffer(),
 *   headers: request.headers,
 *   publicKey: env.WEBHOOK_PUBLIC_KEY, // 'whpk_…'
 * });
 */
export function verifyWebhookWithPublicKeyAsync<T = WebhookEvent>(
  options: VerifyPublicKeyOptions<T>,
): Promise<T> {
  return verifyPublicKey(options, verifyEd25519) as Promise<T>;
}
