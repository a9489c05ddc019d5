import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signStandard, signV1, signV2 } from './signing';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const oldSecret = 'whsec_3Ykz2Xn8G5bKqYl2vq8u0q0b7S8m7p2a';

/** An HMAC computed here, independently of the signer. */
const independent = (key: string, text: string) => createHmac('sha256', key).update(text).digest('base64');

function verifies(header: string, body: string, key: string): boolean {
  const entries = header
    .split(',')
    .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] as const);
  const t = entries.find(([k]) => k === 't')?.[1];
  const expected = independent(key, t === undefined ? body : `${t}.${body}`);
  return entries.some(([k, v]) => k === 'sha256' && v === expected);
}

describe('5.4 signing', () => {
  it('5.4 v2: t=<unix>,sha256=<base64 hmac of "<t>.<body>">, keyed by the whole secret string', async () => {
    const body = '{"event_type":"order_created"}';
    const header = await signV2({ body, timestamp: 1795428000, secrets: [secret] });
    expect(header).toBe(`t=1795428000,sha256=${independent(secret, `1795428000.${body}`)}`);
    expect(header).toMatch(/^t=\d+,sha256=[A-Za-z0-9+/]+={0,2}$/);
  });

  it('5.4 v1: sha256=<base64 hmac of the body>', async () => {
    const body = '{"a":1}';
    expect(await signV1({ body, secrets: [secret] })).toBe(`sha256=${independent(secret, body)}`);
  });

  it('rotation overlap: both secrets sign, newest first, and either verifies', async () => {
    const body = '{"x":true}';
    const header = await signV2({ body, timestamp: 1795428000, secrets: [secret, oldSecret] });
    expect(header.split(',')).toHaveLength(3);
    expect(verifies(header, body, secret)).toBe(true);
    expect(verifies(header, body, oldSecret)).toBe(true);
  });

  it('5.4 fails after any one-byte change to the body, the timestamp or the secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.nat({ max: 199 }),
        fc.integer({ min: 1, max: 255 }),
        async (body, at, delta) => {
          const header = await signV2({ body, timestamp: 1795428000, secrets: [secret] });
          expect(verifies(header, body, secret)).toBe(true);
          const index = at % body.length;
          const changedBody =
            body.slice(0, index) +
            String.fromCharCode((body.charCodeAt(index) + delta) % 65536) +
            body.slice(index + 1);
          if (changedBody !== body) expect(verifies(header, changedBody, secret)).toBe(false);
          const changedTime = header.replace('t=1795428000', 't=1795428001');
          expect(verifies(changedTime, body, secret)).toBe(false);
          const changedSecret = secret.slice(0, -1) + (secret.endsWith('w') ? 'x' : 'w');
          expect(verifies(header, body, changedSecret)).toBe(false);
        },
      ),
    );
  });

  it('refuses a timestamp that is not whole seconds', async () => {
    await expect(signV2({ body: '', timestamp: 1.5, secrets: [secret] })).rejects.toThrow(TypeError);
    await expect(
      signStandard({ eventId: 'evt_1', body: '', timestamp: 1.5, secrets: [secret] }),
    ).rejects.toThrow(TypeError);
  });
});

describe('5.4 Standard Webhooks signing', () => {
  const standardSecret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g';
  const otherStandard = 'whsec_//jx6uPc1c7HwLmyq6Sdlo+IgXpzbGVeV1BJQjs0LSYf';
  const issuedBefore = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
  const keyed = (key: string, text: string) =>
    createHmac('sha256', Buffer.from(key.slice(6), 'base64'))
      .update(text)
      .digest('base64');

  it('v1,<base64 hmac of "<id>.<t>.<body>"> keyed by the bytes of the base64 after whsec_', async () => {
    const body = '{"event_type":"order_created"}';
    const headers = await signStandard({
      eventId: 'evt_1',
      body,
      timestamp: 1795428000,
      secrets: [standardSecret],
    });
    expect(headers).toEqual({
      'webhook-id': 'evt_1',
      'webhook-timestamp': '1795428000',
      'webhook-signature': `v1,${keyed(standardSecret, `evt_1.1795428000.${body}`)}`,
    });
  });

  it('rotation overlap: one v1 entry per standard secret, current first, separated by a space', async () => {
    const headers = await signStandard({
      eventId: 'evt_1',
      body: '{}',
      timestamp: 1795428000,
      secrets: [otherStandard, standardSecret],
    });
    expect(headers?.['webhook-signature']).toBe(
      `v1,${keyed(otherStandard, 'evt_1.1795428000.{}')} v1,${keyed(standardSecret, 'evt_1.1795428000.{}')}`,
    );
  });

  it('a secret issued before the standard format signs no standard entry; with none left, no headers', async () => {
    const input = { eventId: 'evt_1', body: '{}', timestamp: 1795428000 };
    expect(await signStandard({ ...input, secrets: [issuedBefore] })).toBeUndefined();
    expect(await signStandard({ ...input, secrets: [] })).toBeUndefined();
    const overlap = await signStandard({ ...input, secrets: [standardSecret, issuedBefore] });
    expect(overlap?.['webhook-signature']).toBe(`v1,${keyed(standardSecret, 'evt_1.1795428000.{}')}`);
  });
});
