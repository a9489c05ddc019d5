import { describe, expect, expectTypeOf, it } from 'vitest';
import vectors from '../test-vectors.json';
import * as browser from './browser';
import * as node from './index';
import type { StandardCase, VectorCase } from './vectors.test-support';

/** What a call gave: its value, or the code and message of the WebhookVerificationError it threw. */
async function settle(call: () => unknown): Promise<unknown> {
  try {
    return { value: await call() };
  } catch (error) {
    if (node.isWebhookVerificationError(error)) return { code: error.code, message: error.message };
    throw error;
  }
}

const optionsOf = (c: VectorCase) => ({
  payload: c.body,
  signature: c.header,
  secrets: c.secrets,
  ...(c.now === undefined ? {} : { now: new Date(c.now * 1000) }),
  ...(c.tolerance_seconds === undefined ? {} : { toleranceSeconds: c.tolerance_seconds }),
});

const standardOptionsOf = (c: StandardCase) => ({
  payload: c.body,
  headers: c.headers,
  secrets: c.secrets,
  now: new Date(c.now * 1000),
  toleranceSeconds: c.tolerance_seconds,
  ...(c.scheme === undefined ? {} : { scheme: c.scheme }),
});

type V2 = ReturnType<typeof optionsOf> | ReturnType<typeof standardOptionsOf>;
type V1 = ReturnType<typeof optionsOf>;

/** Each deprecated v2 name beside the new call it stands for, in each build. */
const v2Pairs: [string, (o: V2) => unknown, (o: V2) => unknown][] = [
  [
    'verifyWebhookSignature',
    (o) => node.verifyWebhookSignature(o),
    (o) => node.verifyWebhook({ ...o, parse: false }),
  ],
  [
    'verifyWebhookSignatureAsync (Node build)',
    (o) => node.verifyWebhookSignatureAsync(o),
    (o) => node.verifyWebhookAsync({ ...o, parse: false }),
  ],
  [
    'verifyWebhookSignatureAsync (WebCrypto build)',
    (o) => browser.verifyWebhookSignatureAsync(o),
    (o) => browser.verifyWebhookAsync({ ...o, parse: false }),
  ],
  [
    'safeVerifyWebhook',
    (o) => node.safeVerifyWebhook(o),
    (o) => node.verifyWebhook({ ...o, throwOnError: false }),
  ],
  [
    'safeVerifyWebhookAsync (Node build)',
    (o) => node.safeVerifyWebhookAsync(o),
    (o) => node.verifyWebhookAsync({ ...o, throwOnError: false }),
  ],
  [
    'safeVerifyWebhookAsync (WebCrypto build)',
    (o) => browser.safeVerifyWebhookAsync(o),
    (o) => browser.verifyWebhookAsync({ ...o, throwOnError: false }),
  ],
];

/** Each deprecated v1 name beside its new call. */
const v1Pairs: [string, (o: V1) => unknown, (o: V1) => unknown][] = [
  ['verifyWebhookV1', (o) => node.verifyWebhookV1(o), (o) => node.verifyWebhook({ ...o, version: 'v1' })],
  [
    'verifyWebhookV1Async (Node build)',
    (o) => node.verifyWebhookV1Async(o),
    (o) => node.verifyWebhookAsync({ ...o, version: 'v1' }),
  ],
  [
    'verifyWebhookV1Async (WebCrypto build)',
    (o) => browser.verifyWebhookV1Async(o),
    (o) => browser.verifyWebhookAsync({ ...o, version: 'v1' }),
  ],
];

const v2Cases = (vectors.verification as VectorCase[]).filter((c) => c.version === 2);
const v1Cases = (vectors.verification as VectorCase[]).filter((c) => c.version === 1);
const standardCases = vectors.standard_webhooks.verification as StandardCase[];

describe('each deprecated name answers as its new call, on every verification vector', () => {
  it.each(v2Pairs)('%s', async (_, old, current) => {
    for (const c of v2Cases) {
      const answer = await settle(() => old(optionsOf(c)));
      expect(answer, c.name).toEqual(await settle(() => current(optionsOf(c))));
    }
    for (const c of standardCases) {
      const answer = await settle(() => old(standardOptionsOf(c)));
      expect(answer, c.name).toEqual(await settle(() => current(standardOptionsOf(c))));
    }
  });

  it.each(v1Pairs)('%s', async (_, old, current) => {
    for (const c of v1Cases) {
      const answer = await settle(() => old(optionsOf(c)));
      expect(answer, c.name).toEqual(await settle(() => current(optionsOf(c))));
    }
  });

  it('the new calls give the expected outcome of each vector, in both builds', async () => {
    for (const c of v2Cases) {
      const expected = c.expect === 'valid' ? { value: undefined } : { code: c.expect };
      expect(await settle(() => node.verifyWebhook({ ...optionsOf(c), parse: false })), c.name).toMatchObject(
        expected,
      );
      expect(
        await settle(() => browser.verifyWebhookAsync({ ...optionsOf(c), parse: false })),
        c.name,
      ).toMatchObject(expected);
    }
    for (const c of v1Cases) {
      const expected = c.expect === 'valid' ? { value: undefined } : { code: c.expect };
      for (const call of [
        () => node.verifyWebhook({ ...optionsOf(c), version: 'v1', parse: false }),
        () => browser.verifyWebhookAsync({ ...optionsOf(c), version: 'v1', parse: false }),
      ]) {
        expect(await settle(call), c.name).toMatchObject(expected);
      }
    }
  });
});

describe('each deprecated signer gives what its new call gives, on every signing vector', () => {
  it.each(vectors.signing.filter((v) => v.version === 1))('v1 $name', async (v) => {
    const options = { payload: v.body, secret: v.secrets };
    const signed = node.signWebhook({ ...options, version: 'v1' });
    expect(signed).toBe(v.header);
    expect(node.signWebhookV1(options)).toBe(signed);
    expect(await node.signWebhookV1Async(options)).toBe(signed);
    expect(await node.signWebhookAsync({ ...options, version: 'v1' })).toBe(signed);
    expect(await browser.signWebhookV1Async(options)).toBe(signed);
    expect(await browser.signWebhookAsync({ ...options, version: 'v1' })).toBe(signed);
  });

  it.each(vectors.signing.filter((v) => v.version === 2))('v2 $name', async (v) => {
    const options = { payload: v.body, secret: v.secrets, timestamp: v.timestamp! };
    expect(node.signWebhook(options)).toBe(v.header);
    expect(node.signWebhook({ ...options, scheme: 'affiliate-commerce', version: 'v2' })).toBe(v.header);
    expect(await browser.signWebhookAsync({ ...options, version: 'v2' })).toBe(v.header);
  });

  it.each(vectors.standard_webhooks.signing)('Standard Webhooks $name', async (v) => {
    const { 'x-webhook-signature': _ours, ...expected } = v.headers;
    const options = { id: v.id, payload: v.body, secret: v.secrets, timestamp: v.timestamp };
    const signed = node.signWebhook({ ...options, scheme: 'standard-webhooks' });
    expect(signed).toEqual(expected);
    expect(node.signStandardWebhook(options)).toEqual(signed);
    expect(await node.signStandardWebhookAsync(options)).toEqual(signed);
    expect(await node.signWebhookAsync({ ...options, scheme: 'standard-webhooks' })).toEqual(signed);
    expect(await browser.signStandardWebhookAsync(options)).toEqual(signed);
    expect(await browser.signWebhookAsync({ ...options, scheme: 'standard-webhooks' })).toEqual(signed);
  });
});

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g';
const t = 1_767_225_600;
const now = new Date(t * 1000);
const event = { event_type: 'order_created', event_id: 'evt_1', order_id: 'ord_1' };
const body = JSON.stringify(event);
const signature = node.signWebhook({ payload: body, secret, timestamp: t });
const v1Signature = node.signWebhook({ payload: body, secret, version: 'v1' });

describe('verifyWebhook options', () => {
  it('version: v1 verifies the legacy body-only signature, and takes a schema', async () => {
    expect(node.verifyWebhook({ payload: body, signature: v1Signature, secret, version: 'v1' })).toEqual(
      event,
    );
    expect(
      await browser.verifyWebhookAsync({ payload: body, signature: v1Signature, secret, version: 'v1' }),
    ).toEqual(event);
    const schema = { parse: (data: unknown) => ({ id: (data as { event_id: string }).event_id }) };
    const parsed = node.verifyWebhook({
      payload: body,
      signature: v1Signature,
      secret,
      version: 'v1',
      schema,
    });
    expectTypeOf(parsed).toEqualTypeOf<{ id: string }>();
    expect(parsed).toEqual({ id: 'evt_1' });
    expect(
      await settle(() => node.verifyWebhook({ payload: body, signature, secret, version: 'v1' })),
    ).toMatchObject({ code: 'MALFORMED_SIGNATURE' });
  });

  it('parse: false returns nothing and leaves a body that is not JSON alone', async () => {
    const raw = 'not json';
    const signed = node.signWebhook({ payload: raw, secret, timestamp: t });
    const checked = node.verifyWebhook({ payload: raw, signature: signed, secret, now, parse: false });
    expectTypeOf(checked).toEqualTypeOf<void>();
    expect(checked).toBeUndefined();
    await expect(
      browser.verifyWebhookAsync({ payload: raw, signature: signed, secret, now, parse: false }),
    ).resolves.toBeUndefined();
    expect(
      await settle(() => node.verifyWebhook({ payload: raw, signature: signed, secret, now })),
    ).toMatchObject({ code: 'INVALID_PAYLOAD' });
  });

  it('throwOnError: false answers with a VerifyResult for every version and parse, misuse still throws', async () => {
    const ok = node.verifyWebhook({ payload: body, signature, secret, now, throwOnError: false });
    expectTypeOf(ok).toEqualTypeOf<node.VerifyResult<node.WebhookEvent>>();
    expect(ok).toEqual({ ok: true, event });
    const v1 = node.verifyWebhook({ payload: body, signature, secret, version: 'v1', throwOnError: false });
    expectTypeOf(v1).toEqualTypeOf<node.VerifyResult<unknown>>();
    expect(v1).toMatchObject({ ok: false, error: { code: 'MALFORMED_SIGNATURE' } });
    const checked = await browser.verifyWebhookAsync({
      payload: body,
      signature,
      secret,
      now,
      parse: false,
      throwOnError: false,
    });
    expectTypeOf(checked).toEqualTypeOf<node.VerifyResult<undefined>>();
    expect(checked).toEqual({ ok: true, event: undefined });
    expect(() =>
      node.verifyWebhook({ payload: body, signature, secret: ' ', now, throwOnError: false }),
    ).toThrow(TypeError);
    await expect(
      browser.verifyWebhookAsync({ payload: body, signature, secret: ' ', now, throwOnError: false }),
    ).rejects.toThrow(TypeError);
  });

  it('reads the headers and the scheme as before', async () => {
    const standard = node.signWebhook({
      scheme: 'standard-webhooks',
      id: 'evt_1',
      payload: body,
      secret,
      timestamp: t,
    });
    const headers = { 'x-webhook-signature': signature, ...standard };
    for (const scheme of [undefined, 'affiliate-commerce', 'standard-webhooks'] as const) {
      expect(node.verifyWebhook({ payload: body, headers, secret, now, scheme })).toEqual(event);
      expect(await browser.verifyWebhookAsync({ payload: body, headers, secret, now, scheme })).toEqual(
        event,
      );
    }
  });

  it('throws a TypeError naming the package for an unknown version, in both builds', async () => {
    const options = { payload: body, signature, secret, now, version: 'v3' } as never;
    expect(() => node.verifyWebhook(options)).toThrow(/^@affiliate-commerce\/webhook-verify: bad version/);
    await expect(browser.verifyWebhookAsync(options)).rejects.toThrow(TypeError);
    expect(() => node.signWebhook({ payload: body, secret, version: 'v3' } as never)).toThrow(TypeError);
    await expect(browser.signWebhookAsync({ payload: body, secret, version: 'v3' } as never)).rejects.toThrow(
      TypeError,
    );
  });
});

describe('signWebhook options', () => {
  it('returns a string for X-Webhook-Signature and the header record for Standard Webhooks', async () => {
    expectTypeOf(node.signWebhook({ payload: body, secret })).toEqualTypeOf<string>();
    expectTypeOf(node.signWebhook({ payload: body, secret, version: 'v1' })).toEqualTypeOf<string>();
    const standard = node.signWebhook({ scheme: 'standard-webhooks', id: 'evt_1', payload: body, secret });
    expectTypeOf(standard).toEqualTypeOf<node.StandardWebhookHeaders>();
    expectTypeOf(
      browser.signWebhookAsync({ scheme: 'standard-webhooks', id: 'evt_1', payload: body, secret }),
    ).toEqualTypeOf<Promise<node.StandardWebhookHeaders>>();
    expect(v1Signature).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
    expect(Object.keys(standard)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
  });
});
