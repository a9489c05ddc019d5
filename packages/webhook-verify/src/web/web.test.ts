import { afterEach, describe, expect, it, vi } from 'vitest';
import vectors from '../../test-vectors.json';
import * as browser from '../browser';
import * as node from '../index';
import { runCase, runStandardCase, type StandardCase, type VectorCase } from '../vectors.test-support';

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const t = 1_767_225_600;
const now = new Date(t * 1000);
const body = JSON.stringify({
  event_type: 'patient_enrolled',
  event_id: 'evt_2',
  patient_marketing_consent: true,
});

describe('5.4 the WebCrypto build (run here on Node, and in Chromium by browser.chromium.test.ts)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(vectors.verification as VectorCase[])('$name → $expect, as the Node build', async (c) => {
    expect(await runCase(c, 'web')).toBe(c.expect);
  });

  it.each(vectors.standard_webhooks.verification as StandardCase[])(
    'Standard Webhooks: $name → $expect, as the Node build',
    async (c) => {
      expect(await runStandardCase(c, 'web')).toBe(c.expect);
    },
  );

  it.each(vectors.standard_webhooks.signing)(
    'Standard Webhooks: $name, signed as the vector says',
    async (v) => {
      const { 'x-webhook-signature': _ours, ...rest } = v.headers;
      const headers = { id: v.id, payload: v.body, secret: v.secrets, timestamp: v.timestamp };
      expect(await browser.signStandardWebhookAsync(headers)).toEqual(rest);
    },
  );

  it('exports no synchronous function: WebCrypto has none', () => {
    const names = Object.keys(browser);
    expect(names.filter((name) => /^(safeV|v|s)/.test(name) && !name.endsWith('Async'))).toEqual([]);
    for (const name of names) expect(node).toHaveProperty(name);
  });

  it.each([
    ['string', body],
    ['Uint8Array', new TextEncoder().encode(body)],
    ['ArrayBuffer', new TextEncoder().encode(body).buffer],
  ])('verifies and parses a %s body', async (_, payload) => {
    const signature = await browser.signWebhookAsync({ payload, secret, timestamp: t });
    expect(signature).toBe(node.signWebhook({ payload: body, secret, timestamp: t }));
    expect(await browser.verifyWebhookAsync({ payload, signature, secret, now })).toEqual(JSON.parse(body));
  });

  it('refuses a parsed object with INVALID_PAYLOAD', async () => {
    const signature = node.signWebhook({ payload: body, secret, timestamp: t });
    const result = await browser.safeVerifyWebhookAsync({
      payload: JSON.parse(body),
      signature,
      secret,
      now,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_PAYLOAD' } });
  });

  it('imports each secret once and reuses the key', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const fresh = `whsec_cache_${Math.random()}`;
    const signature = node.signWebhook({ payload: body, secret: fresh, timestamp: t });
    for (let i = 0; i < 5; i++)
      await browser.verifyWebhookAsync({ payload: body, signature, secret: fresh, now });
    await Promise.all(
      Array.from({ length: 5 }, () =>
        browser.verifyWebhookAsync({ payload: body, signature, secret: fresh, now }),
      ),
    );
    expect(importKey).toHaveBeenCalledTimes(1);
  });

  it('verifies a 1 MB body', async () => {
    const big = new Uint8Array(1024 * 1024).fill(97);
    const signature = node.signWebhook({ payload: big, secret, timestamp: t });
    await expect(
      browser.verifyWebhookSignatureAsync({ payload: big, signature, secret, now }),
    ).resolves.toBeUndefined();
  });
});
