import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/** One KeyObject per secret: saves the UTF-8 encoding and key setup on every delivery. */
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size > 99) keys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * HMAC-SHA256 over `<t>.<body>` (v2) or the body alone (v1), in standard base64 with padding;
 * the key is the secret's UTF-8 bytes.
 */
export function hmacSha256(secret: string, signedAt: number | undefined, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', hmacKey(secret));
  if (signedAt !== undefined) hmac.update(`${signedAt}.`);
  return hmac.update(body).digest('base64');
}
