import { createHash, randomBytes } from 'node:crypto';
import { domainToUnicode } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64, toBase64url, utf8Bytes, utf8Text } from './bytes';
import { platform as nodePlatform } from './node';
import type { Bytes, Platform } from './platform';
import { platform as webPlatform } from './web';

const builds: readonly (readonly [string, Platform])[] = [
  ['node', nodePlatform],
  ['web', webPlatform],
];
const key = (): Bytes => new Uint8Array(randomBytes(32));
const aad = utf8Bytes('affiliate-commerce:webhook-secret:whk_1');

describe.each(builds)('#platform, %s build', (_name, platform) => {
  it('property: AES-256-GCM seal then open gives the bytes back, with a fresh 12-byte nonce and a 16-byte tag', async () => {
    const k = key();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (plain) => {
        const bytes = new Uint8Array(plain);
        const sealed = await platform.gcmSeal(k, bytes, aad);
        expect(sealed.iv).toHaveLength(12);
        expect(sealed.tag).toHaveLength(16);
        expect(sealed.ciphertext).toHaveLength(bytes.length);
        expect(await platform.gcmOpen(k, sealed, aad)).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses another key, other additional data, or an altered tag', async () => {
    const k = key();
    const sealed = await platform.gcmSeal(k, utf8Bytes('whsec_abc'), aad);
    await expect(platform.gcmOpen(key(), sealed, aad)).rejects.toThrow();
    await expect(platform.gcmOpen(k, sealed, utf8Bytes('other'))).rejects.toThrow();
    const tag = new Uint8Array(sealed.tag);
    tag[0] = tag[0]! ^ 1;
    await expect(platform.gcmOpen(k, { ...sealed, tag }, aad)).rejects.toThrow();
  });

  it('property: SHA-256 in base64url is the digest node:crypto computes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary' }), async (text) => {
        expect(await platform.sha256Base64url(text)).toBe(
          createHash('sha256').update(text).digest('base64url'),
        );
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['xn--mnchen-3ya', 'münchen'],
    ['xn--80aafi6cg', 'правда'],
    ['shop', 'shop'],
    ['xn--', ''],
  ])('domainToUnicode(%s) is %j, as node:url says', (label, unicode) => {
    expect(platform.domainToUnicode(label)).toBe(unicode);
    expect(domainToUnicode(label)).toBe(unicode);
  });

  it('gives a default HTTP client and resolver', () => {
    expect(typeof platform.defaultHttpClient().request).toBe('function');
    expect(typeof platform.defaultResolver().lookup).toBe('function');
  });
});

describe('#platform builds agree', () => {
  it('property: what one build seals, the other opens', async () => {
    const k = key();
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.boolean(), async (text, nodeSeals) => {
        const [sealer, opener] = nodeSeals ? [nodePlatform, webPlatform] : [webPlatform, nodePlatform];
        const sealed = await sealer.gcmSeal(k, utf8Bytes(text), aad);
        expect(utf8Text(await opener.gcmOpen(k, sealed, aad))).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe('bytes: base64 on web globals', () => {
  it('property: base64 and base64url round-trip and match Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100_000 }), (plain) => {
        const bytes = new Uint8Array(plain);
        expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
        expect(toBase64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
        expect(fromBase64(toBase64url(bytes))).toEqual(bytes);
      }),
      { numRuns: 100 },
    );
  });

  it('throws on text that is not base64', () => {
    expect(() => fromBase64('not base64!')).toThrow();
    expect(() => fromBase64('A')).toThrow();
  });
});
