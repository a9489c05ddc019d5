import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import { nodeHttpClient } from '../ports/net/node-http-client';
import { nodeResolver } from '../ports/net/node-resolver';
import type { Bytes, Platform } from './platform';

/** A Buffer's bytes as a plain Uint8Array on a buffer of their own. */
const bytesOf = (buffer: Buffer): Bytes => new Uint8Array(buffer);

/** The Node build of `#platform`: node:crypto, node:url, node:dns and undici. */
export const platform: Platform = {
  async gcmSeal(key, plaintext, aad) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(aad);
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { iv: bytesOf(iv), ciphertext: bytesOf(ciphertext), tag: bytesOf(cipher.getAuthTag()) };
  },
  async gcmOpen(key, sealed, aad) {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv);
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.tag);
    return bytesOf(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]));
  },
  async sha256Base64url(text) {
    return createHash('sha256').update(text).digest('base64url');
  },
  domainToUnicode,
  defaultHttpClient: () => nodeHttpClient(),
  defaultResolver: () => nodeResolver(),
};
