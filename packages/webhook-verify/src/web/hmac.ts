const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** Imports each secret once: importKey costs about as much as signing a small body. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size > 99) keys.clear();
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    keys.set(secret, key);
  }
  return key;
}

/** The signed bytes: `<t>.<body>` (v2) or the body (v1), built once for every secret. */
export function signedBytes(signedAt: number | undefined, body: string | Uint8Array): Uint8Array {
  const prefix = signedAt === undefined ? '' : `${signedAt}.`;
  if (typeof body === 'string') return encoder.encode(prefix + body);
  const head = encoder.encode(prefix);
  const bytes = new Uint8Array(head.length + body.length);
  bytes.set(head);
  bytes.set(body, head.length);
  return bytes;
}

/** HMAC-SHA256 on WebCrypto, in standard base64 with padding; the key is the secret's UTF-8 bytes. */
export async function hmacSha256(secret: string, data: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.sign('HMAC', await hmacKey(secret), data as Uint8Array<ArrayBuffer>);
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}
