import type { HttpClient, Resolver } from '../ports/net/http-client';

/** Bytes on an ordinary (not shared) buffer, as WebCrypto takes them. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** AES-256-GCM output: the nonce, the ciphertext and the 16-byte tag, apart. */
export interface GcmSealed {
  readonly iv: Bytes;
  readonly ciphertext: Bytes;
  readonly tag: Bytes;
}

/**
 * What core needs from its runtime beyond web globals. `#platform` resolves to the Node build
 * (`platform/node.ts`: node:crypto, node:dns, undici) under the `node` condition (Node, Bun,
 * Deno) and to the web build (`platform/web.ts`: WebCrypto, fetch) everywhere else, such as a
 * Workers bundle without `nodejs_compat`. Both builds satisfy this interface, checked in
 * `platform.test.ts`.
 */
export interface Platform {
  /** AES-256-GCM with a fresh 12-byte nonce; `aad` is authenticated, not encrypted. */
  gcmSeal(key: Bytes, plaintext: Bytes, aad: Bytes): Promise<GcmSealed>;
  /** Rejects when the key, the data or the tag do not match. */
  gcmOpen(key: Bytes, sealed: GcmSealed, aad: Bytes): Promise<Bytes>;
  /** SHA-256 of the UTF-8 text, base64url without padding. */
  sha256Base64url(text: string): Promise<string>;
  /** One DNS label to Unicode (Punycode `xn--` labels decoded); '' when it is invalid Punycode. */
  domainToUnicode(label: string): string;
  /** The outbound HTTP client used when the host passes none. */
  defaultHttpClient(): HttpClient;
  /** The DNS resolver of the SSRF guard used when the host passes none. */
  defaultResolver(): Resolver;
}
