import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterEach, describe, expect, it, vi } from 'vitest';
import vectors from '../test-vectors.json';
import {
  isStandardWebhooksSecret,
  signStandardWebhook,
  signWebhook,
  signWebhookV1,
  verifyWebhookSignature,
  verifyWebhookV1,
} from './index';
import { runCase, runStandardCase, type StandardCase, type VectorCase } from './vectors.test-support';

/** HMAC-SHA256 in base64 by node:crypto, independent of this package. */
const nodeHmac = (secret: string, text: string) =>
  createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(text, 'utf8')).digest('base64');

/** The same by the openssl command line, as a receiver in a shell would check it. */
const opensslHmac = (secret: string, text: string) =>
  execFileSync('sh', ['-c', 'openssl dgst -sha256 -hmac "$SECRET" -binary | base64'], {
    input: text,
    env: { ...process.env, SECRET: secret },
  })
    .toString()
    .trim();

function expectedHeader(v: (typeof vectors.signing)[number], hmac: typeof nodeHmac): string {
  const text = v.version === 2 ? `${v.timestamp}.${v.body}` : v.body;
  const entries = v.secrets.map((secret) => `sha256=${hmac(secret, text)}`).join(',');
  return v.version === 2 ? `t=${v.timestamp},${entries}` : entries;
}

describe('5.4 signing vectors (test-vectors.json)', () => {
  it.each(vectors.signing)('$name: node:crypto gives the checked-in header', (v) => {
    expect(v.signed_text).toBe(v.version === 2 ? `${v.timestamp}.${v.body}` : v.body);
    expect(expectedHeader(v, nodeHmac)).toBe(v.header);
  });

  it.each(vectors.signing)('$name: openssl dgst -hmac gives the checked-in header', (v) => {
    expect(expectedHeader(v, opensslHmac)).toBe(v.header);
  });

  it.each(vectors.signing)('$name: signWebhook gives the checked-in header and verifies', (v) => {
    const secret = v.secrets.length === 1 ? v.secrets[0]! : v.secrets;
    const header =
      v.version === 2
        ? signWebhook({ payload: v.body, secret, timestamp: v.timestamp })
        : signWebhookV1({ payload: v.body, secret });
    expect(header).toBe(v.header);
    for (const s of v.secrets) {
      if (v.version === 2) {
        verifyWebhookSignature({
          payload: v.body,
          signature: header,
          secret: s,
          now: new Date(v.timestamp! * 1000),
        });
      } else if (v.body !== '') {
        expect(verifyWebhookV1({ payload: v.body, signature: header, secret: s })).toEqual(
          JSON.parse(v.body),
        );
      }
    }
  });

  it('the first vectors use the secrets issued before the standard headers: whsec_ + 32 bytes in base64url', () => {
    for (const secret of Object.values(vectors.secrets)) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(secret.slice(6), 'base64url')).toHaveLength(32);
    }
  });
});

describe('5.4 verification vectors (test-vectors.json), Node build', () => {
  it.each(vectors.verification as VectorCase[])('$name → $expect', async (c) => {
    expect(await runCase(c, 'node')).toBe(c.expect);
  });

  it('covers every error code and both versions', () => {
    const outcomes = new Set(vectors.verification.map((c) => c.expect));
    expect([...outcomes].sort()).toEqual(
      [
        'MALFORMED_SIGNATURE',
        'MISSING_SIGNATURE',
        'NO_MATCHING_SIGNATURE',
        'TIMESTAMP_IN_FUTURE',
        'TIMESTAMP_TOO_OLD',
        'valid',
      ].sort(),
    );
    expect(new Set(vectors.verification.map((c) => c.version))).toEqual(new Set([1, 2]));
  });
});

const standard = vectors.standard_webhooks;
/** The key of the standard scheme: the bytes of the base64 after whsec_. */
const keyOf = (secret: string) => Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
const standardSignature = (secrets: string[], text: string, hmac: (key: Buffer, text: string) => string) =>
  secrets.map((secret) => `v1,${hmac(keyOf(secret), text)}`).join(' ');
const opensslKeyed = (key: Buffer, text: string) =>
  execFileSync('sh', ['-c', 'openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY" -binary | base64'], {
    input: text,
    env: { ...process.env, KEY: key.toString('hex') },
  })
    .toString()
    .trim();

describe('5.4 Standard Webhooks signing vectors (test-vectors.json: standard_webhooks)', () => {
  afterEach(() => vi.useRealTimers());

  it.each(standard.signing)('$name: node:crypto and openssl give the checked-in webhook-signature', (v) => {
    expect(v.signed_text).toBe(`${v.id}.${v.timestamp}.${v.body}`);
    const nodeKeyed = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64');
    expect(standardSignature(v.secrets, v.signed_text, nodeKeyed)).toBe(v.headers['webhook-signature']);
    expect(standardSignature(v.secrets, v.signed_text, opensslKeyed)).toBe(v.headers['webhook-signature']);
  });

  it.each(standard.signing)('$name: signWebhook and signStandardWebhook give the checked-in headers', (v) => {
    const { 'x-webhook-signature': ours, ...rest } = v.headers as Record<string, string>;
    // The empty body has no event_id for webhook-id to be, so it is signed in the standard scheme alone.
    if (v.body !== '') {
      expect(signWebhook({ payload: v.body, secret: v.secrets, timestamp: v.timestamp })).toBe(ours);
    }
    expect(
      signStandardWebhook({ id: v.id, payload: v.body, secret: v.secrets, timestamp: v.timestamp }),
    ).toEqual(rest);
  });

  it.each(standard.signing)('$name: standardwebhooks and svix verify it with each secret', (v) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(v.timestamp * 1000);
    for (const secret of v.secrets) {
      for (const library of [new StandardWebhook(secret), new SvixWebhook(secret)]) {
        // svix 1.x parses even an empty body as JSON after verifying it; its signer shows the match.
        if (v.body === '') {
          const entry = library.sign(v.id, new Date(v.timestamp * 1000), v.body);
          expect(v.headers['webhook-signature'].split(' ')).toContain(entry);
        } else expect(library.verify(v.body, v.headers)).toEqual(JSON.parse(v.body));
      }
    }
  });

  it('the secrets issued now are whsec_ + 33 bytes in standard base64, and have a standard key', () => {
    expect(standard.secrets.K1).toMatch(/^whsec_[A-Za-z0-9+/]{44}$/);
    expect(keyOf(standard.secrets.K1)).toHaveLength(33);
    for (const secret of Object.values(standard.secrets)) expect(isStandardWebhooksSecret(secret)).toBe(true);
    for (const secret of Object.values(vectors.secrets)) expect(isStandardWebhooksSecret(secret)).toBe(false);
  });
});

describe('5.4 Standard Webhooks verification vectors (test-vectors.json: standard_webhooks), Node build', () => {
  it.each(standard.verification as StandardCase[])('$name → $expect', async (c) => {
    expect(await runStandardCase(c, 'node')).toBe(c.expect);
  });

  it('covers every error code but INVALID_PAYLOAD, and both schemes by name', () => {
    const outcomes = new Set(standard.verification.map((c) => c.expect));
    expect([...outcomes].sort()).toEqual(
      [
        'MALFORMED_SIGNATURE',
        'MISSING_SIGNATURE',
        'NO_MATCHING_SIGNATURE',
        'TIMESTAMP_IN_FUTURE',
        'TIMESTAMP_TOO_OLD',
        'valid',
      ].sort(),
    );
    const schemes = new Set(standard.verification.map((c) => (c as StandardCase).scheme));
    expect(schemes).toEqual(new Set([undefined, 'affiliate-commerce', 'standard-webhooks']));
  });
});
