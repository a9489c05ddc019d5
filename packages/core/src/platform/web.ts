import { dohResolver } from '../ports/net/doh-resolver';
import { fetchHttpClient } from '../ports/net/fetch-http-client';
import { toBase64url, utf8Bytes } from './bytes';
import { domainToUnicode } from './domain-to-unicode';
import type { Bytes, Platform } from './platform';

const tagBytes = 16;

/** One imported WebCrypto key per host key, so each seal or open skips the import. */
const imported = new WeakMap<Bytes, Promise<CryptoKey>>();

function gcmKey(key: Bytes): Promise<CryptoKey> {
  let found = imported.get(key);
  if (!found) {
    found = crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
    imported.set(key, found);
  }
  return found;
}

/**
 * The web build of `#platform`, on web globals only: WebCrypto, `fetch` and DNS over HTTPS. It
 * seals and opens the same bytes as the Node build, so either reads what the other stored.
 */
export const platform: Platform = {
  async gcmSeal(key, plaintext, aad) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const out = new Uint8Array(
      await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, await gcmKey(key), plaintext),
    );
    // WebCrypto appends the tag to the ciphertext.
    return { iv, ciphertext: out.slice(0, out.length - tagBytes), tag: out.slice(out.length - tagBytes) };
  },
  async gcmOpen(key, sealed, aad) {
    const joined = new Uint8Array(sealed.ciphertext.length + sealed.tag.length);
    joined.set(sealed.ciphertext);
    joined.set(sealed.tag, sealed.ciphertext.length);
    return new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: sealed.iv, additionalData: aad },
        await gcmKey(key),
        joined,
      ),
    );
  },
  async sha256Base64url(text) {
    return toBase64url(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8Bytes(text))));
  },
  domainToUnicode,
  defaultHttpClient: () => fetchHttpClient(),
  defaultResolver: () => dohResolver(),
};
