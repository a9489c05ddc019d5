import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

/** One KeyObject per secret, for each kind of key: saves the key setup on every delivery. */
const keys = [new Map<string, KeyObject>(), new Map<string, KeyObject>()] as const;

function hmacKey(secret: string, standard: boolean): KeyObject {
  const cache = keys[+standard]!;
  let key = cache.get(secret);
  if (!key) {
    if (cache.size > 99) cache.clear();
    key = createSecretKey(Buffer.from(secret, standard ? 'base64' : 'utf8'));
    cache.set(secret, key);
  }
  return key;
}

/**
 * HMAC-SHA256 over `<prefix><body>`, in standard base64 with padding. The key is the secret's
 * UTF-8 bytes, or with `standard` the bytes its base64 text decodes to (Standard Webhooks).
 */
export function hmacSha256(
  secret: string,
  prefix: string,
  body: string | Uint8Array,
  standard = false,
): string {
  const hmac = createHmac('sha256', hmacKey(secret, standard));
  if (prefix !== '') hmac.update(prefix);
  return hmac.update(body).digest('base64');
}
