import { describe, expect, expectTypeOf, it } from 'vitest';
import * as browser from './browser';
import {
  isWebhookVerificationError,
  safeVerifyWebhook,
  safeVerifyWebhookAsync,
  signWebhook,
  signWebhookV1,
  verifyWebhook,
  verifyWebhookAsync,
  verifyWebhookSignature,
  verifyWebhookV1,
  type WebhookEvent,
  WebhookVerificationError,
} from './index';

const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const oldSecret = 'whsec___jx6uPc1c7HwLmyq6Sdlo-IgXpzbGVeV1BJQjs0LSY';
const t = 1_767_225_600;
const now = new Date(t * 1000);
const event = {
  event_type: 'subscription_renewed',
  event_id: 'evt_1',
  api_version: '2026-08-17',
  timestamp: '2026-01-01T00:00:00.000Z',
  timestamp_epoch: t,
  affiliate_id: 'aff_1',
  subscription_id: 'sub_1',
  cycle_number: 3,
  first_purchase: false,
  patient_marketing_consent: false,
  is_returning_patient: true,
};
const body = JSON.stringify(event);
const signature = signWebhook({ payload: body, secret, timestamp: t });

/** The error code a call throws, or 'valid'. */
function outcome(fn: () => unknown): string {
  try {
    fn();
    return 'valid';
  } catch (error) {
    if (isWebhookVerificationError(error)) return error.code;
    throw error;
  }
}

describe('2.7 verifyWebhook returns the parsed v2 envelope', () => {
  it('5.4 verifies and parses, typed by event_type', () => {
    const verified = verifyWebhook({ payload: body, signature, secret, now });
    expect(verified).toEqual(event);
    expectTypeOf(verified).toEqualTypeOf<WebhookEvent>();
    if (verified.event_type === 'subscription_renewed') {
      expectTypeOf(verified.first_purchase).toEqualTypeOf<false>();
      expectTypeOf(verified.cycle_number).toEqualTypeOf<number | null | undefined>();
    }
  });

  it.each([
    ['string', body],
    ['Buffer', Buffer.from(body)],
    ['Uint8Array', new TextEncoder().encode(body)],
    [
      'Uint8Array view at an offset',
      new Uint8Array(Buffer.from(`xxxx${body}yy`)).subarray(4, 4 + body.length),
    ],
    ['ArrayBuffer', new TextEncoder().encode(body).buffer],
  ])('accepts the raw body as a %s', (_, payload) => {
    expect(verifyWebhook({ payload, signature, secret, now })).toEqual(event);
  });

  it('refuses a parsed object, saying to pass the raw body', () => {
    const call = () => verifyWebhook({ payload: JSON.parse(body), signature, secret, now });
    expect(call).toThrow(WebhookVerificationError);
    expect(call).toThrow(/raw body/);
    expect(outcome(call)).toBe('INVALID_PAYLOAD');
    expect(outcome(() => verifyWebhook({ payload: undefined as never, signature, secret, now }))).toBe(
      'INVALID_PAYLOAD',
    );
  });

  it('refuses a verified body that is not JSON or not an envelope, only after verifying it', () => {
    for (const payload of ['', 'not json', '[1,2]', '{"event_id":"e"}', 'null']) {
      const signed = signWebhook({ payload, secret, timestamp: t });
      expect(outcome(() => verifyWebhook({ payload, signature: signed, secret, now }))).toBe(
        'INVALID_PAYLOAD',
      );
      expect(outcome(() => verifyWebhook({ payload, signature, secret, now }))).toBe('NO_MATCHING_SIGNATURE');
    }
  });

  it('validates with a schema when given one; a failure is INVALID_PAYLOAD with the cause', () => {
    const schema = {
      parse(data: unknown) {
        if ((data as { cycle_number?: unknown }).cycle_number !== 3) throw new Error('cycle_number');
        return { ok: true as const };
      },
    };
    const parsed = verifyWebhook({ payload: body, signature, secret, now, schema });
    expectTypeOf(parsed).toEqualTypeOf<{ ok: true }>();
    expect(parsed).toEqual({ ok: true });
    const other = JSON.stringify({ ...event, cycle_number: 4 });
    const error = safeVerifyWebhook({
      payload: other,
      signature: signWebhook({ payload: other, secret, timestamp: t }),
      secret,
      now,
      schema,
    });
    expect(error.ok).toBe(false);
    if (!error.ok) {
      expect(error.error.code).toBe('INVALID_PAYLOAD');
      expect((error.error.cause as Error).message).toBe('cycle_number');
    }
  });
});

describe('5.4 the signed body', () => {
  it('verifies an empty body (the signature covers "<t>.")', () => {
    const empty = signWebhook({ payload: '', secret, timestamp: t });
    expect(() => verifyWebhookSignature({ payload: '', signature: empty, secret, now })).not.toThrow();
    expect(() =>
      verifyWebhookSignature({ payload: new Uint8Array(), signature: empty, secret, now }),
    ).not.toThrow();
    expect(outcome(() => verifyWebhookSignature({ payload: ' ', signature: empty, secret, now }))).toBe(
      'NO_MATCHING_SIGNATURE',
    );
  });

  it('verifies a 1 MB body, and refuses it with its last byte changed', () => {
    const big = Buffer.alloc(1024 * 1024, 'a');
    const bigSignature = signWebhook({ payload: big, secret, timestamp: t });
    expect(() =>
      verifyWebhookSignature({ payload: big, signature: bigSignature, secret, now }),
    ).not.toThrow();
    expect(() =>
      verifyWebhookSignature({ payload: big.toString(), signature: bigSignature, secret, now }),
    ).not.toThrow();
    const changed = Buffer.from(big);
    changed[changed.length - 1] = 0x62;
    expect(
      outcome(() => verifyWebhookSignature({ payload: changed, signature: bigSignature, secret, now })),
    ).toBe('NO_MATCHING_SIGNATURE');
  });

  it('signs bytes, not characters: a body that is not UTF-8 still verifies as bytes', () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00, 0x80]);
    const signed = signWebhook({ payload: bytes, secret, timestamp: t });
    expect(() => verifyWebhookSignature({ payload: bytes, signature: signed, secret, now })).not.toThrow();
  });
});

describe('5.4 the header', () => {
  it('takes the header as a string array (Node duplicates) and as Headers.get() joins them', () => {
    const [time, sig] = signature.split(',');
    expect(verifyWebhook({ payload: body, signature: [time!, sig!], secret, now })).toEqual(event);
    const headers = new Headers();
    headers.append('x-webhook-signature', signWebhook({ payload: body, secret: oldSecret, timestamp: t }));
    headers.append('x-webhook-signature', signature);
    expect(
      verifyWebhook({ payload: body, signature: headers.get('x-webhook-signature'), secret, now }),
    ).toEqual(event);
  });

  it('is MISSING_SIGNATURE when absent, whatever the framework gives for absent', () => {
    for (const absent of [undefined, null, '', ' ', []]) {
      expect(outcome(() => verifyWebhook({ payload: body, signature: absent, secret, now }))).toBe(
        'MISSING_SIGNATURE',
      );
    }
  });

  it('splits each entry on its first = only, so base64 padding survives', () => {
    expect(signature).toMatch(/=$/);
    expect(() => verifyWebhookSignature({ payload: body, signature, secret, now })).not.toThrow();
  });
});

describe('5.4 timestamp window, both ways', () => {
  it.each([
    [t + 300, 'valid'],
    [t + 301, 'TIMESTAMP_TOO_OLD'],
    [t - 300, 'valid'],
    [t - 301, 'TIMESTAMP_IN_FUTURE'],
  ])('now = t%#: %s', (seconds, expected) => {
    expect(
      outcome(() =>
        verifyWebhookSignature({ payload: body, signature, secret, now: new Date(seconds * 1000) }),
      ),
    ).toBe(expected);
  });

  it('takes another tolerance, and Infinity to turn the check off', () => {
    const late = new Date((t + 3600) * 1000);
    expect(outcome(() => verifyWebhookSignature({ payload: body, signature, secret, now: late }))).toBe(
      'TIMESTAMP_TOO_OLD',
    );
    expect(
      outcome(() =>
        verifyWebhookSignature({ payload: body, signature, secret, now: late, toleranceSeconds: 3600 }),
      ),
    ).toBe('valid');
    expect(
      outcome(() =>
        verifyWebhookSignature({ payload: body, signature, secret, now: late, toleranceSeconds: Infinity }),
      ),
    ).toBe('valid');
  });

  it('checks against the clock by default', () => {
    const fresh = signWebhook({ payload: body, secret });
    expect(verifyWebhook({ payload: body, signature: fresh, secret })).toEqual(event);
    expect(outcome(() => verifyWebhook({ payload: body, signature, secret }))).toBe('TIMESTAMP_TOO_OLD');
  });
});

describe('docs/api.md §11.2 rotation: several sha256= entries and several secrets', () => {
  const both = signWebhook({ payload: body, secret: [secret, oldSecret], timestamp: t });

  it('signs a rotation header new first', () => {
    expect(both.split(',')).toHaveLength(3);
    expect(both.split(',')[1]).toBe(signature.split(',')[1]);
  });

  it.each([
    ['the new secret', { secret }],
    ['the old secret', { secret: oldSecret }],
    ['both, new first', { secrets: [secret, oldSecret] }],
    ['both, old first', { secrets: [oldSecret, secret] }],
  ])('a receiver with %s verifies the overlap header', (_, secrets) => {
    expect(verifyWebhook({ payload: body, signature: both, now, ...secrets })).toEqual(event);
  });

  it('a receiver that lists both verifies a header signed by either alone', () => {
    for (const s of [secret, oldSecret]) {
      const single = signWebhook({ payload: body, secret: s, timestamp: t });
      expect(verifyWebhook({ payload: body, signature: single, secrets: [oldSecret, secret], now })).toEqual(
        event,
      );
    }
  });
});

describe('docs/api.md §11.2 secrets', () => {
  it('trims stray whitespace around a secret (env files, copy and paste)', () => {
    for (const padded of [` ${secret}`, `${secret}\n`, `\t${secret} \r\n`]) {
      expect(verifyWebhook({ payload: body, signature, secret: padded, now })).toEqual(event);
      expect(signWebhook({ payload: body, secret: padded, timestamp: t })).toBe(signature);
    }
  });

  it('takes a secret with = padding or other base64 characters as it is', () => {
    for (const odd of ['whsec_abc+/==', 'whsec_=', 'plain secret with spaces inside']) {
      const header = signWebhook({ payload: body, secret: odd, timestamp: t });
      expect(verifyWebhook({ payload: body, signature: header, secret: odd, now })).toEqual(event);
    }
  });

  it('keys the HMAC with the whole secret: without whsec_ nothing matches, and the message says why', () => {
    const call = () => verifyWebhook({ payload: body, signature, secret: secret.slice(6), now });
    expect(outcome(call)).toBe('NO_MATCHING_SIGNATURE');
    expect(call).toThrow(/whsec_ included/);
  });

  it('never puts a secret in an error message', () => {
    const result = safeVerifyWebhook({ payload: `${body} `, signature, secrets: [secret, oldSecret], now });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).not.toContain(secret.slice(6));
      expect(result.error.message).not.toContain(oldSecret.slice(6));
    }
  });

  it('throws a TypeError naming the package on misuse: no secret, an empty one, a bad tolerance or clock', () => {
    const misuses = [
      () => verifyWebhook({ payload: body, signature, now } as never),
      () => verifyWebhook({ payload: body, signature, secret: '  ', now }),
      () => verifyWebhook({ payload: body, signature, secrets: [], now }),
      () => verifyWebhook({ payload: body, signature, secrets: [secret, 42 as never], now }),
      () => verifyWebhook({ payload: body, signature, secret, now, toleranceSeconds: -1 }),
      () => verifyWebhook({ payload: body, signature, secret, now, toleranceSeconds: Number.NaN }),
      () => verifyWebhook({ payload: body, signature, secret, now: new Date('nope') }),
      () => signWebhook({ payload: body, secret, timestamp: -5 }),
      () => signWebhook({ payload: body, secret, timestamp: new Date('nope') }),
    ];
    for (const call of misuses) expect(call).toThrow(/^@affiliate-commerce\/webhook-verify: /);
    for (const call of misuses) expect(call).toThrow(TypeError);
  });
});

describe('errors', () => {
  it('safeVerifyWebhook answers instead of throwing, but misuse still throws', () => {
    expect(safeVerifyWebhook({ payload: body, signature, secret, now })).toEqual({ ok: true, event });
    const bad = safeVerifyWebhook({ payload: body, signature: 'sha256=x', secret, now });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.code).toBe('MALFORMED_SIGNATURE');
    expect(() => safeVerifyWebhook({ payload: body, signature, secret: '', now })).toThrow(TypeError);
  });

  it('is recognised by code across package copies and builds, not by instanceof', () => {
    const fromOtherCopy = Object.assign(new Error('x'), {
      name: 'WebhookVerificationError',
      code: 'TIMESTAMP_TOO_OLD',
    });
    expect(isWebhookVerificationError(fromOtherCopy)).toBe(true);
    expect(browser.isWebhookVerificationError(new WebhookVerificationError('INVALID_PAYLOAD', 'x'))).toBe(
      true,
    );
    expect(isWebhookVerificationError(new browser.WebhookVerificationError('INVALID_PAYLOAD', 'x'))).toBe(
      true,
    );
    for (const other of [
      new TypeError('x'),
      null,
      undefined,
      'WebhookVerificationError',
      { name: 'WebhookVerificationError' },
    ]) {
      expect(isWebhookVerificationError(other)).toBe(false);
    }
  });

  it('carries name, code and message', () => {
    const error = new WebhookVerificationError('NO_MATCHING_SIGNATURE', 'no');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WebhookVerificationError');
    expect(error.code).toBe('NO_MATCHING_SIGNATURE');
    expect(String(error)).toBe('WebhookVerificationError: no');
  });
});

describe('the async functions of the Node build', () => {
  it('answer like the sync ones', async () => {
    expect(await verifyWebhookAsync({ payload: body, signature, secret, now })).toEqual(event);
    await expect(
      verifyWebhookAsync({ payload: body, signature, secret: oldSecret, now }),
    ).rejects.toMatchObject({
      code: 'NO_MATCHING_SIGNATURE',
    });
    expect(await safeVerifyWebhookAsync({ payload: body, signature: null, secret, now })).toMatchObject({
      ok: false,
      error: { code: 'MISSING_SIGNATURE' },
    });
  });
});

describe('v1', () => {
  it('verifies sha256=<base64> over the body, with no timestamp and no replay window', () => {
    const v1 = signWebhookV1({ payload: body, secret });
    expect(v1).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/);
    expect(verifyWebhookV1({ payload: body, signature: v1, secret })).toEqual(event);
    expect(outcome(() => verifyWebhookV1({ payload: body, signature, secret }))).toBe('MALFORMED_SIGNATURE');
    expect(outcome(() => verifyWebhook({ payload: body, signature: v1, secret, now }))).toBe(
      'MALFORMED_SIGNATURE',
    );
  });
});

describe('signWebhook', () => {
  it('takes a Date or Unix seconds, and defaults to now', () => {
    expect(signWebhook({ payload: body, secret, timestamp: now })).toBe(signature);
    const fresh = signWebhook({ payload: body, secret });
    const signedAt = Number(/^t=(\d+),/.exec(fresh)![1]);
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(5);
  });

  it('signs the same in both builds', async () => {
    expect(await browser.signWebhookAsync({ payload: body, secret, timestamp: t })).toBe(signature);
    expect(await browser.signWebhookV1Async({ payload: body, secret: [secret, oldSecret] })).toBe(
      signWebhookV1({ payload: body, secret: [secret, oldSecret] }),
    );
  });

  it('keeps working past the key cache size', () => {
    for (let i = 0; i < 150; i++) {
      const s = `whsec_key${i}`;
      const header = signWebhook({ payload: body, secret: s, timestamp: t });
      expect(verifyWebhook({ payload: body, signature: header, secret: s, now })).toEqual(event);
    }
  });
});
