import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SealedSecret } from './webhook-store';

/**
 * Bytes of the host's key: AES-256 takes exactly 32.
 *
 * @example
 * randomBytes(secretKeyBytes).toString('base64') // a new secretKey
 */
export const secretKeyBytes = 32;

/**
 * Encrypts webhook signing secrets at rest (AES-256-GCM). The webhook id is bound in as
 * additional data, so a ciphertext copied onto another webhook's row does not decrypt.
 *
 * @example
 * const box = secretBox(key);
 * const sealed = box.seal({ plaintext: 'whsec_...', webhookId: 'whk_1' });
 * box.open({ sealed, webhookId: 'whk_1' }) // 'whsec_...'
 */
export interface SecretBox {
  seal(input: { plaintext: string; webhookId: string }): SealedSecret;
  /** Throws when the key is not the one that sealed it or the data was altered (host misconfiguration). */
  open(input: { sealed: SealedSecret; webhookId: string }): string;
}

/**
 * Reads the host's `secretKey`: 32 bytes, as a Uint8Array or a base64 (or base64url) string.
 *
 * @throws TypeError when it is missing or not exactly 32 bytes
 * @example
 * parseSecretKey(randomBytes(32).toString('base64'))
 */
export function parseSecretKey(key: Uint8Array | string | undefined): Uint8Array {
  if (key instanceof Uint8Array) {
    if (key.length === secretKeyBytes) return Uint8Array.from(key);
  } else if (typeof key === 'string' && /^[A-Za-z0-9+/_-]+={0,2}$/.test(key.trim())) {
    const bytes = Buffer.from(key.trim(), key.includes('-') || key.includes('_') ? 'base64url' : 'base64');
    if (bytes.length === secretKeyBytes) return Uint8Array.from(bytes);
  }
  throw new TypeError(
    '@affiliate-commerce/core: secretKey must be 32 bytes (a Uint8Array, or a base64 string of 32 bytes, ' +
      'e.g. `openssl rand -base64 32`); it encrypts webhook signing secrets at rest',
  );
}

const aad = (webhookId: string) => Buffer.from(`affiliate-commerce:webhook-secret:${webhookId}`);

/**
 * A {@link SecretBox} on node:crypto with the host's key (see {@link parseSecretKey}).
 *
 * @example
 * const box = secretBox(process.env.WEBHOOK_SECRET_KEY);
 */
export function secretBox(key: Uint8Array | string | undefined): SecretBox {
  const bytes = parseSecretKey(key);
  return {
    seal({ plaintext, webhookId }) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', bytes, iv);
      cipher.setAAD(aad(webhookId));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return {
        ciphertext: ciphertext.toString('base64'),
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
      };
    },
    open({ sealed, webhookId }) {
      try {
        const decipher = createDecipheriv('aes-256-gcm', bytes, Buffer.from(sealed.iv, 'base64'));
        decipher.setAAD(aad(webhookId));
        decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
        return Buffer.concat([
          decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
          decipher.final(),
        ]).toString('utf8');
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
 * A new signing secret (DESIGN.md): `whsec_` and 32 bytes from the CSPRNG in base64url. It
 * never comes from an injectable port, so no configuration can make secrets predictable.
 *
 * @example
 * generateSigningSecret() // 'whsec_q3V0...' (49 characters)
 */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
