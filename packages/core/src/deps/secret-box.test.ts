import { randomBytes } from 'node:crypto';
import { testService } from '@affiliate-commerce/testkit';
import { isStandardWebhooksSecret } from '@affiliate-commerce/webhook-verify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSigningSecret, parseSecretKey, secretBox } from './secret-box';

const key = randomBytes(32);

describe('webhook secrets at rest (AES-256-GCM) and generation (docs/api.md §11.2)', () => {
  it('a secret is whsec_ and 33 random bytes in standard base64 (a Standard Webhooks secret), never repeated', () => {
    const secrets = new Set(Array.from({ length: 1000 }, generateSigningSecret));
    expect(secrets.size).toBe(1000);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{44}$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(33);
      expect(Buffer.from(secret.slice(6), 'base64').toString('base64')).toBe(secret.slice(6));
      expect(isStandardWebhooksSecret(secret)).toBe(true);
    }
  });

  it('property: seal then open gives the plaintext back; the sealed form never contains it', async () => {
    const box = secretBox(key);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 8 }),
        fc.string({ minLength: 1 }),
        async (plaintext, webhookId) => {
          const sealed = await box.seal({ plaintext, webhookId });
          expect(JSON.stringify(sealed)).not.toContain(plaintext);
          expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
          expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
          return (await box.open({ sealed, webhookId })) === plaintext;
        },
      ),
    );
  });

  it('every seal uses a fresh nonce', async () => {
    const box = secretBox(key);
    const a = await box.seal({ plaintext: 'whsec_same', webhookId: 'whk_1' });
    const b = await box.seal({ plaintext: 'whsec_same', webhookId: 'whk_1' });
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('another key, another webhook id, or an altered tag or ciphertext does not open', async () => {
    const sealed = await secretBox(key).seal({ plaintext: 'whsec_abc', webhookId: 'whk_1' });
    await expect(secretBox(randomBytes(32)).open({ sealed, webhookId: 'whk_1' })).rejects.toThrow(
      /cannot be decrypted/,
    );
    await expect(secretBox(key).open({ sealed, webhookId: 'whk_2' })).rejects.toThrow(/cannot be decrypted/);
    const flipped = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    await expect(
      secretBox(key).open({ sealed: { ...sealed, tag: flipped(sealed.tag) }, webhookId: 'whk_1' }),
    ).rejects.toThrow(/cannot be decrypted/);
    await expect(
      secretBox(key).open({
        sealed: { ...sealed, ciphertext: flipped(sealed.ciphertext) },
        webhookId: 'whk_1',
      }),
    ).rejects.toThrow(/cannot be decrypted/);
  });

  it('secretKey: 32 bytes as a Uint8Array, base64 or base64url', async () => {
    expect(parseSecretKey(key)).toEqual(Uint8Array.from(key));
    expect(parseSecretKey(key.toString('base64'))).toEqual(Uint8Array.from(key));
    expect(parseSecretKey(key.toString('base64url'))).toEqual(Uint8Array.from(key));
    const box = secretBox(key.toString('base64'));
    const sealed = await box.seal({ plaintext: 'whsec_x', webhookId: 'w' });
    expect(await secretBox(key).open({ sealed, webhookId: 'w' })).toBe('whsec_x');
  });

  it.each([
    ['missing', undefined],
    ['31 bytes', randomBytes(31)],
    ['33 bytes', randomBytes(33)],
    ['16 bytes of base64', randomBytes(16).toString('base64')],
    ['not base64', 'this is not a key at all!'],
    ['empty', ''],
    ['base64 of impossible length', 'A'.repeat(45)],
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
