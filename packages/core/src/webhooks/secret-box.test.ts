import { randomBytes } from 'node:crypto';
import { testService } from '@affiliate-commerce/testkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, parseSecretKey, secretBox } from './secret-box';

const key = randomBytes(32);

describe('webhook secrets at rest (AES-256-GCM) and generation (DESIGN.md)', () => {
  it('a secret is whsec_ and 32 random bytes in base64url, never repeated', () => {
    const secrets = new Set(Array.from({ length: 1000 }, generateSigningSecret));
    expect(secrets.size).toBe(1000);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret.slice(6), 'base64url')).toHaveLength(32);
    }
  });

  it('property: seal then open gives the plaintext back; the sealed form never contains it', () => {
    const box = secretBox(key);
    fc.assert(
      fc.property(fc.string({ minLength: 8 }), fc.string({ minLength: 1 }), (plaintext, webhookId) => {
        const sealed = box.seal({ plaintext, webhookId });
        expect(JSON.stringify(sealed)).not.toContain(plaintext);
        expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
        expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
        return box.open({ sealed, webhookId }) === plaintext;
      }),
    );
  });

  it('every seal uses a fresh nonce', () => {
    const box = secretBox(key);
    const a = box.seal({ plaintext: 'whsec_same', webhookId: 'whk_1' });
    const b = box.seal({ plaintext: 'whsec_same', webhookId: 'whk_1' });
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('another key, another webhook id, or an altered tag or ciphertext does not open', () => {
    const sealed = secretBox(key).seal({ plaintext: 'whsec_abc', webhookId: 'whk_1' });
    expect(() => secretBox(randomBytes(32)).open({ sealed, webhookId: 'whk_1' })).toThrow(
      /cannot be decrypted/,
    );
    expect(() => secretBox(key).open({ sealed, webhookId: 'whk_2' })).toThrow(/cannot be decrypted/);
    const flipped = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    expect(() =>
      secretBox(key).open({ sealed: { ...sealed, tag: flipped(sealed.tag) }, webhookId: 'whk_1' }),
    ).toThrow();
    expect(() =>
      secretBox(key).open({
        sealed: { ...sealed, ciphertext: flipped(sealed.ciphertext) },
        webhookId: 'whk_1',
      }),
    ).toThrow();
  });

  it('secretKey: 32 bytes as a Uint8Array, base64 or base64url', () => {
    expect(parseSecretKey(key)).toEqual(Uint8Array.from(key));
    expect(parseSecretKey(key.toString('base64'))).toEqual(Uint8Array.from(key));
    expect(parseSecretKey(key.toString('base64url'))).toEqual(Uint8Array.from(key));
    const box = secretBox(key.toString('base64'));
    expect(
      secretBox(key).open({ sealed: box.seal({ plaintext: 'whsec_x', webhookId: 'w' }), webhookId: 'w' }),
    ).toBe('whsec_x');
  });

  it.each([
    ['missing', undefined],
    ['31 bytes', randomBytes(31)],
    ['33 bytes', randomBytes(33)],
    ['16 bytes of base64', randomBytes(16).toString('base64')],
    ['not base64', 'this is not a key at all!'],
    ['empty', ''],
  ])('secretKey %s is a TypeError naming the package', (_name, value) => {
    expect(() => secretBox(value as Uint8Array | string | undefined)).toThrow(TypeError);
    expect(() => secretBox(value as Uint8Array | string | undefined)).toThrow(
      /^@affiliate-commerce\/core: secretKey/,
    );
  });

  it('createService refuses a bad secretKey at start-up, not at the first webhook', () => {
    expect(() => testService({ secretKey: 'too short' })).toThrow(TypeError);
  });
});
