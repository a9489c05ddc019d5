import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import type { WebhookEvent } from '../events/types';
import { type Ed25519Verify, type VerifyPublicKeyOptions, verifyPublicKey } from '../public-key';

/** One KeyObject per `x`: saves the key setup on every delivery. */
const keys = new Map<string, KeyObject>();

const verifyEd25519: Ed25519Verify = async (x, signature, data) => {
  let key = keys.get(x);
  if (!key) {
    if (keys.size > 99) keys.clear();
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    keys.set(x, key);
  }
  return verify(null, data, key, signature);
};

/**
 * Verifies a `v1a` delivery (Standard Webhooks, ed25519) with the webhook's public key or the
 * sender's JWKS document, on node:crypto, then parses it. Rejects with a
 * `WebhookVerificationError` when it must not be trusted; the time window is that of the HMAC
 * signatures.
 *
 * @returns the parsed v2 event (validated by `schema` when given); undefined with `parse: false`
 * @example
 * const event = await verifyWebhookWithPublicKeyAsync({
 *   payload: req.body, // the raw Buffer
 *   headers: req.headers,
 *   keySet: jwksKeySet({ url: 'https://api.example.com/v2/affiliates/aff_1/jwks.json' }),
 * });
 */
export function verifyWebhookWithPublicKeyAsync<T = WebhookEvent>(
  options: VerifyPublicKeyOptions<T>,
): Promise<T> {
  return verifyPublicKey(options, verifyEd25519) as Promise<T>;
}
