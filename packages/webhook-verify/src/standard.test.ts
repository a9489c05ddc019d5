import type { IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as browser from './browser';
import {
  isStandardWebhooksSecret,
  safeVerifyWebhook,
  signStandardWebhook,
  signWebhook,
  verifyWebhook,
  verifyWebhookAsync,
  verifyWebhookSignature,
  type WebhookHeaders,
} from './index';

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g';
const t = 1_767_225_600;
const now = new Date(t * 1000);
const event = { event_type: 'order_created', event_id: 'evt_1', order_id: 'ord_1' };
const body = JSON.stringify(event);
const standard = signStandardWebhook({ id: 'evt_1', payload: body, secret, timestamp: t });
const ours = signWebhook({ payload: body, secret, timestamp: t });

describe('5.4 Standard Webhooks secrets', () => {
  it('property: a secret has a standard key exactly when every base64 decoder reads the same 16+ bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        expect(isStandardWebhooksSecret(`whsec_${text}`)).toBe(bytes.length >= 16);
        // Unpadded or base64url text is read differently by Python's b64decode and JavaScript's decoders.
        if (text.endsWith('='))
          expect(isStandardWebhooksSecret(`whsec_${text.replace(/=+$/, '')}`)).toBe(false);
      }),
    );
  });

  it('property: no secret issued before (whsec_ and 32 bytes in base64url) has a standard key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        expect(isStandardWebhooksSecret(`whsec_${Buffer.from(bytes).toString('base64url')}`)).toBe(false);
      }),
    );
  });

  it('refuses non-zero unused bits, characters outside standard base64 and short keys', () => {
    expect(isStandardWebhooksSecret(secret)).toBe(true);
    expect(isStandardWebhooksSecret(`  ${secret}\n`)).toBe(true);
    expect(isStandardWebhooksSecret('whsec_gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp9=')).toBe(false);
    expect(isStandardWebhooksSecret('whsec_gIGCg4SFhoeIiYqLjI2Oj5CRkpOUlZaXmJmam5ydnp8=')).toBe(true);
    expect(isStandardWebhooksSecret(`${secret.slice(0, -4)}-_ab`)).toBe(false);
    expect(isStandardWebhooksSecret('whsec_AAECAwQFBgcICQoLDA0ODw==')).toBe(true);
    expect(isStandardWebhooksSecret('whsec_AAECAwQFBgcICQoLDA0O')).toBe(false);
  });
});

describe('5.4 verifying with the request headers: X-Webhook-Signature or the Standard Webhooks set', () => {
  it('takes the header types of Node and Fetch as they are', () => {
    expectTypeOf<IncomingHttpHeaders>().toExtend<WebhookHeaders>();
    expectTypeOf<Headers>().toExtend<WebhookHeaders>();
  });

  it('takes Fetch Headers, Node header records and names in any case, and returns the event', async () => {
    const fetchHeaders = new Headers({ ...standard, 'content-type': 'application/json' });
    expect(verifyWebhook({ payload: body, headers: fetchHeaders, secret, now })).toEqual(event);
    const node = { ...standard, 'webhook-signature': [standard['webhook-signature']] };
    expect(verifyWebhook({ payload: body, headers: node, secret, now })).toEqual(event);
    const mixed = {
      'Webhook-Id': 'evt_1',
      'Webhook-Timestamp': `${t}`,
      'Webhook-Signature': standard['webhook-signature'],
    };
    expect(await verifyWebhookAsync({ payload: body, headers: mixed, secret, now })).toEqual(event);
    expect(await browser.verifyWebhookAsync({ payload: body, headers: fetchHeaders, secret, now })).toEqual(
      event,
    );
  });

  it('checks X-Webhook-Signature when it is there, whatever the standard set says', () => {
    const both = new Headers({ 'x-webhook-signature': ours, ...standard, 'webhook-signature': 'v1,broken' });
    expect(verifyWebhook({ payload: body, headers: both, secret, now })).toEqual(event);
    const result = safeVerifyWebhook({
      payload: body,
      headers: both,
      secret,
      now,
      scheme: 'standard-webhooks',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'MALFORMED_SIGNATURE' } });
  });

  it('answers a receiver holding a secret issued before with NO_MATCHING_SIGNATURE, saying why', () => {
    const old = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
    const result = safeVerifyWebhook({ payload: body, headers: standard, secret: old, now });
    expect(result).toMatchObject({ ok: false, error: { code: 'NO_MATCHING_SIGNATURE' } });
    expect(!result.ok && result.error.message).toBe('secret is not whsec_ + standard base64');
  });

  it('keeps the two keys of one secret apart (UTF-8 for X-Webhook-Signature, base64 for the standard set)', () => {
    for (let i = 0; i < 3; i++) {
      verifyWebhookSignature({ payload: body, headers: standard, secret, now });
      verifyWebhookSignature({ payload: body, signature: ours, secret, now });
    }
  });

  it('throws a TypeError naming the package on misuse', () => {
    const misuse = [
      () => verifyWebhook({ payload: body, signature: ours, headers: standard, secret, now } as never),
      () =>
        verifyWebhook({ payload: body, signature: ours, scheme: 'standard-webhooks', secret, now } as never),
      () => verifyWebhook({ payload: body, headers: standard, scheme: 'svix', secret, now } as never),
      () =>
        signStandardWebhook({
          id: 'evt_1',
          payload: body,
          secret: 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8',
        }),
      () => signStandardWebhook({ id: '', payload: body, secret }),
    ];
    for (const call of misuse) expect(call).toThrow(/^@affiliate-commerce\/webhook-verify: /);
    for (const call of misuse) expect(call).toThrow(TypeError);
  });
});

describe('5.4 signStandardWebhook', () => {
  it('gives one v1 entry per secret, new first, and the same in both builds', async () => {
    const other = 'whsec_//jx6uPc1c7HwLmyq6Sdlo+IgXpzbGVeV1BJQjs0LSYf';
    const rotation = signStandardWebhook({
      id: 'evt_1',
      payload: body,
      secret: [other, secret],
      timestamp: t,
    });
    expect(rotation['webhook-signature'].split(' ')).toEqual([
      signStandardWebhook({ id: 'evt_1', payload: body, secret: other, timestamp: t })['webhook-signature'],
      standard['webhook-signature'],
    ]);
    expect(rotation['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(
      await browser.signStandardWebhookAsync({
        id: 'evt_1',
        payload: body,
        secret: [other, secret],
        timestamp: now,
      }),
    ).toEqual(rotation);
  });
});
