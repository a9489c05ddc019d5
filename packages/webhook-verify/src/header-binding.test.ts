import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as browser from './browser';
import { signWebhook, verifyWebhook, type WebhookHeaders } from './index';

/** A secret in the format issued now (it has a standard key) and one issued before (it has none). */
const secret = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g';
const issuedBefore = 'whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';
const t = 1_767_225_600;
const now = new Date(t * 1000);
const body = JSON.stringify({ event_type: 'order_created', event_id: 'evt_1', order_id: 'ord_1' });

/** The headers of a v2 delivery as the sender writes them: both sets, signed by `secrets`. */
function delivery(secrets: readonly string[] = [secret]): Record<string, string> {
  const standard = secrets.filter((s) => s !== issuedBefore);
  return {
    'x-webhook-id': 'evt_1',
    'x-webhook-version': 'v2',
    'x-webhook-signature': signWebhook({ payload: body, secret: secrets, timestamp: t }),
    ...signWebhook({
      scheme: 'standard-webhooks',
      id: 'evt_1',
      payload: body,
      secret: standard,
      timestamp: t,
    }),
  };
}

/** The outcome of both builds, which must agree: 'valid' or the error code. */
async function outcome(
  headers: WebhookHeaders,
  options: { secrets?: string[]; scheme?: 'affiliate-commerce'; parse?: false } = {},
): Promise<string> {
  const { secrets = [secret], ...rest } = options;
  const call = { payload: body, headers, secrets, now, throwOnError: false as const, ...rest };
  const node = verifyWebhook(call as never) as { ok: boolean; error?: { code: string } };
  const web = (await browser.verifyWebhookAsync(call as never)) as { ok: boolean; error?: { code: string } };
  const answer = (r: typeof node) => (r.ok ? 'valid' : r.error!.code);
  expect(answer(web)).toBe(answer(node));
  return answer(node);
}

describe('5.4 a delivery with both header sets: webhook-id and webhook-timestamp are bound to X-Webhook-Signature', () => {
  it('verifies a delivery as the sender signs it, with either build, parsed or not', async () => {
    expect(await outcome(delivery())).toBe('valid');
    expect(await outcome(delivery(), { parse: false })).toBe('valid');
    expect(await outcome(delivery(), { scheme: 'affiliate-commerce' })).toBe('valid');
  });

  it('refuses a replay whose webhook-id was changed (a receiver deduplicating on it would run it twice)', async () => {
    const replay = { ...delivery(), 'webhook-id': 'evt_2' };
    expect(await outcome(replay)).toBe('NO_MATCHING_SIGNATURE');
    expect(await outcome(replay, { parse: false })).toBe('NO_MATCHING_SIGNATURE');
    expect(await outcome(replay, { scheme: 'affiliate-commerce' })).toBe('NO_MATCHING_SIGNATURE');
    expect(() => verifyWebhook({ payload: body, headers: replay, secret, now })).toThrow(
      'webhook-id or webhook-timestamp is not what was signed',
    );
  });

  it('refuses a webhook-timestamp that is not the t of X-Webhook-Signature', async () => {
    expect(await outcome({ ...delivery(), 'webhook-timestamp': `${t + 1}` })).toBe('NO_MATCHING_SIGNATURE');
    expect(await outcome({ ...delivery(), 'webhook-timestamp': `0${t}` })).toBe('NO_MATCHING_SIGNATURE');
  });

  it('refuses a webhook-id added to a delivery that carries X-Webhook-Signature alone', async () => {
    const ours = { 'x-webhook-signature': delivery()['x-webhook-signature']! };
    expect(await outcome({ ...ours, 'webhook-id': 'evt_1' })).toBe('valid');
    expect(await outcome({ ...ours, 'webhook-id': 'evt_forged' })).toBe('NO_MATCHING_SIGNATURE');
  });

  it('binds the id for a receiver holding only a secret without a standard key (a rotation overlap from it)', async () => {
    const overlap = delivery([secret, issuedBefore]);
    expect(await outcome(overlap, { secrets: [issuedBefore] })).toBe('valid');
    expect(await outcome({ ...overlap, 'webhook-id': 'evt_2' }, { secrets: [issuedBefore] })).toBe(
      'NO_MATCHING_SIGNATURE',
    );
  });

  it('property: beside X-Webhook-Signature, any webhook-id but the event id is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (id) => {
        const headers = { ...delivery(), 'webhook-id': id };
        // A blank value is no header at all (HTTP strips the spaces around a value).
        const bound = id.trim() === '' || id.trim() === 'evt_1';
        expect(await outcome(headers)).toBe(bound ? 'valid' : 'NO_MATCHING_SIGNATURE');
      }),
      { numRuns: 200 },
    );
  });

  it('property: beside X-Webhook-Signature, any webhook-timestamp but its t (as signed) is refused', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1 }), fc.integer({ min: t - 400, max: t + 400 }).map(String)),
        async (stamp) => {
          const headers = { ...delivery(), 'webhook-timestamp': stamp };
          const expected = stamp.trim() === '' || stamp.trim() === `${t}` ? 'valid' : 'NO_MATCHING_SIGNATURE';
          expect(await outcome(headers)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('5.4 the payload version comes from the options, never from a header of the request', () => {
  const v1 = signWebhook({ payload: body, secret, version: 'v1' });

  it('refuses a v1 signature labelled v1 by X-Webhook-Version unless the caller asks for v1', async () => {
    const headers = { 'x-webhook-version': 'v1', 'x-webhook-signature': v1 };
    expect(await outcome(headers)).toBe('MALFORMED_SIGNATURE');
    expect(verifyWebhook({ payload: body, signature: v1, secret, version: 'v1' })).toEqual(JSON.parse(body));
  });

  it('refuses a v2 signature relabelled v1 whatever body it is given', () => {
    const ours = signWebhook({ payload: body, secret, timestamp: t });
    for (const payload of [body, `${t}.${body}`]) {
      const result = verifyWebhook({ payload, signature: ours, secret, version: 'v1', throwOnError: false });
      expect(result.ok ? 'valid' : result.error.code).toBe('MALFORMED_SIGNATURE');
    }
  });

  it('property: no X-Webhook-Version value makes a v1 signature verify by default', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant('v1'), fc.string()), async (version) => {
        expect(await outcome({ 'x-webhook-version': version, 'x-webhook-signature': v1 })).not.toBe('valid');
      }),
      { numRuns: 100 },
    );
  });
});
