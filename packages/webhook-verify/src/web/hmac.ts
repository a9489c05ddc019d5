const encoder = new TextEncoder();
/** One cache per kind of key: the secret's UTF-8, or the bytes of its base64 (Standard Webhooks). */
const keys = [new Map<string, Promise<CryptoKey>>(), new Map<string, Promise<CryptoKey>>()] as const;

/** Imports each secret once: importKey costs about as much as signing a small body. */
function hmacKey(secret: string, standard: boolean): Promise<CryptoKey> {
  const cache = keys[+standard]!;
  let key = cache.get(secret);
  if (!key) {
    if (cache.size > 99) cache.clear();
    const bytes = standard ? Uint8Array.from(atob(secret), (c) => c.charCodeAt(0)) : encoder.encode(secret);
    key = crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    cache.set(secret, key);
  }
  return key;
}

/** The signed bytes: `<prefix><body>`, built once for every secret. */
export function signedBytes(prefix: string, body: string | Uint8Array): Uint8Array {
  if (typeof body === 'string') return encoder.encode(prefix + body);
  const head = encoder.encode(prefix);
  const bytes = new Uint8Array(head.length + body.length);
  bytes.set(head);
  bytes.set(body, head.length);
  return bytes;
}

/**
 * HMAC-SHA256 on WebCrypto, in standard base64 with padding; the key is the secret's UTF-8
 * bytes, or with `standard` the bytes its base64 text decodes to.
 */
export async function hmacSha256(secret: string, data: Uint8Array, standard = false): Promise<string> {
  const digest = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, standard),
    data as Uint8Array<ArrayBuffer>,
  );
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}
