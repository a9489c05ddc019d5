import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import vectors from '../test-vectors.json';
import { signWebhook, signWebhookV1, verifyWebhookSignature, verifyWebhookV1 } from './index';
import { runCase, type VectorCase } from './vectors.test-support';

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

  it('the vectors use the secret format of DESIGN.md: whsec_ + 32 bytes in base64url', () => {
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
