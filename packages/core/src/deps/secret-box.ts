import { platform } from '#platform';
import { fromBase64, randomBytes, toBase64, utf8Bytes, utf8Text } from '../platform/bytes';
import type { SealedSecret } from '../storage/webhook-store';

/** Bytes of the host's key: AES-256 takes exactly 32. */
export const secretKeyBytes = 32;

/**
 * Encrypts webhook signing secrets at rest (AES-256-GCM). The webhook id is bound in as
 * additional data, so a ciphertext copied onto another webhook's row does not decrypt.
 *
 * @example
 * const box = secretBox(key);
 * const sealed = await box.seal({ plaintext: 'whsec_...', webhookId: 'whk_1' });
 * await box.open({ sealed, webhookId: 'whk_1' }) // 'whsec_...'
 */
export interface SecretBox {
  seal(input: { plaintext: string; webhookId: string }): Promise<SealedSecret>;
  /** Rejects when the key is not the one that sealed it or the data was altered (host misconfiguration). */
  open(input: { sealed: SealedSecret; webhookId: string }): Promise<string>;
}

/**
 * Reads the host's `secretKey`: 32 bytes, as a Uint8Array or a base64 (or base64url) string.
 *
 * @throws TypeError when it is missing or not exactly 32 bytes
 * @example
 * parseSecretKey(randomBytes(32).toString('base64'))
 */
export function parseSecretKey(key: Uint8Array | string | undefined): Uint8Array<ArrayBuffer> {
  if (key instanceof Uint8Array) {
    if (key.length === secretKeyBytes) return Uint8Array.from(key);
  } else if (typeof key === 'string' && /^[A-Za-z0-9+/_-]+={0,2}$/.test(key.trim())) {
    const bytes = decodedOrEmpty(key.trim());
    if (bytes.length === secretKeyBytes) return bytes;
  }
  throw new TypeError(
    '@affiliate-commerce/core: secretKey must be 32 bytes (a Uint8Array, or a base64 string of 32 bytes, ' +
      'e.g. `openssl rand -base64 32`); it encrypts webhook signing secrets at rest',
  );
}

function decodedOrEmpty(text: string): Uint8Array<ArrayBuffer> {
  try {
    return fromBase64(text);
  } catch {
    // A length no base64 text can have.
    return new Uint8Array(0);
  }
}

const aad = (webhookId: string) => utf8Bytes(`affiliate-commerce:webhook-secret:${webhookId}`);

/** A {@link SecretBox} (node:crypto on Node, WebCrypto elsewhere) with the host's key (see {@link parseSecretKey}). */
export function secretBox(key: Uint8Array | string | undefined): SecretBox {
  const bytes = parseSecretKey(key);
  return {
    async seal({ plaintext, webhookId }) {
      const sealed = await platform.gcmSeal(bytes, utf8Bytes(plaintext), aad(webhookId));
      return { ciphertext: toBase64(sealed.ciphertext), iv: toBase64(sealed.iv), tag: toBase64(sealed.tag) };
    },
    async open({ sealed, webhookId }) {
      try {
        const parts = {
          iv: fromBase64(sealed.iv),
          ciphertext: fromBase64(sealed.ciphertext),
          tag: fromBase64(sealed.tag),
        };
        return utf8Text(await platform.gcmOpen(bytes, parts, aad(webhookId)));
      } catch (cause) {
        throw new Error(
          `@affiliate-commerce/core: the signing secret of webhook ${webhookId} cannot be decrypted; ` +
            'was secretKey changed since it was stored?',
          { cause },
        );
      }
    },
  };
}

/**
 * A new signing secret: `whsec_` and 33 bytes from the CSPRNG in standard base64, the format of
 * Standard Webhooks, so the same secret verifies `X-Webhook-Signature` (keyed by the UTF-8 of
 * the whole string) and the standard headers (keyed by the decoded bytes) with any stock
 * library. 33 bytes: no shorter than the HMAC-SHA256 output (RFC 2104, section 3), as the 32 of
 * the secrets issued before, and a multiple of 3, so the base64 has no `=` padding that copying
 * or an env file could lose (Python's decoder refuses base64 without it). It never comes from an
 * injectable port, so no configuration can make secrets predictable.
 *
 * @example
 * generateSigningSecret() // 'whsec_q3V0...' (50 characters)
 */
export function generateSigningSecret(): string {
  return `whsec_${toBase64(randomBytes(33))}`;
}
