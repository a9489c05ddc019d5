import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isWebhookVerificationError } from './errors';
import { parseSignatureHeader } from './header';
import { signWebhook, verifyWebhookSignature } from './index';
import { parseHeader } from './node/header';

/** What a parse gives: the result, or the error code; any other throw fails the test. */
function parsed(parse: typeof parseSignatureHeader, header: string, version: 1 | 2) {
  try {
    return parse(header, version);
  } catch (error) {
    if (isWebhookVerificationError(error)) return error.code;
    throw error;
  }
}

const digest = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Buffer.from(bytes).toString('base64'));
const space = fc.constantFrom('', ' ', '  ', '\t', ' \t ');
const unixSeconds = fc.integer({ min: 0, max: 2 ** 40 });
const unknownEntry = fc.constantFrom('v1=abc', 'sha512=YWJj==', 'x=', 'k=v=w');

describe('5.4 header parsing', () => {
  it('splits on the first = only: a base64 value keeps its padding', () => {
    const value = Buffer.alloc(32, 1).toString('base64');
    expect(value.endsWith('=')).toBe(true);
    expect(parseSignatureHeader(`t=1,sha256=${value}`, 2)).toEqual({ timestamp: 1, signatures: [value] });
  });

  it('pads a value sent without its =', () => {
    const value = Buffer.alloc(32, 1).toString('base64');
    expect(parseSignatureHeader(`t=1,sha256=${value.slice(0, -1)}`, 2).signatures).toEqual([value]);
  });

  it('property: any well-formed header parses back to its timestamp and signatures, in order', () => {
    fc.assert(
      fc.property(
        unixSeconds,
        fc.array(digest, { minLength: 1, maxLength: 5 }),
        fc.array(unknownEntry, { maxLength: 3 }),
        fc.array(space, { minLength: 20, maxLength: 20 }),
        fc.boolean(),
        (t, signatures, unknown, spaces, timestampLast) => {
          const pad = (entry: string, i: number) => `${spaces[i % 20]}${entry}${spaces[(i + 7) % 20]}`;
          const sigEntries = signatures.map(
            (s, i) => `sha256${spaces[(i + 3) % 20]}=${spaces[(i + 5) % 20]}${s}`,
          );
          const entries = timestampLast
            ? [...sigEntries, ...unknown, `t=${t}`]
            : [`t=${t}`, ...unknown, ...sigEntries];
          const header = entries.map(pad).join(',');
          expect(parseSignatureHeader(header, 2)).toEqual({ timestamp: t, signatures });
          expect(parseHeader(header, 2)).toEqual({ timestamp: t, signatures });
        },
      ),
    );
  });

  it('property: any string either parses or fails with a verification error code, never anything else', () => {
    const alphabet = fc.constantFrom(...'t=sha256,= \tAbc+/0123456789'.split(''));
    const headerish = fc.oneof(fc.string(), fc.string({ unit: alphabet, maxLength: 120 }));
    fc.assert(
      fc.property(headerish, fc.constantFrom<1 | 2>(1, 2), (header, version) => {
        const result = parsed(parseSignatureHeader, header, version);
        if (typeof result === 'string') {
          expect(['MISSING_SIGNATURE', 'MALFORMED_SIGNATURE']).toContain(result);
        } else {
          expect(result.signatures.length).toBeGreaterThan(0);
          for (const s of result.signatures) expect(Buffer.from(s, 'base64')).toHaveLength(32);
          expect(result.timestamp === undefined).toBe(version === 1);
        }
      }),
    );
  });

  it('property: the Node fast path answers exactly like the general parser', () => {
    const near = fc
      .tuple(unixSeconds, digest, space, space)
      .map(([t, d, a, b]) => `${a}t=${t},sha256=${d}${b}`);
    const mangled = fc
      .tuple(near, fc.nat(80), fc.constantFrom('', '=', ',', ' ', 'A', '-'))
      .map(([header, at, insert]) => header.slice(0, at) + insert + header.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(near, mangled, fc.string()), fc.constantFrom<1 | 2>(1, 2), (header, version) => {
        expect(parsed(parseHeader, header, version)).toEqual(parsed(parseSignatureHeader, header, version));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: sign then verify holds for any body and secret; any changed byte is refused', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ''),
        unixSeconds,
        fc.nat(),
        (body, secret, t, flip) => {
          const now = new Date(t * 1000);
          const signature = signWebhook({ payload: body, secret, timestamp: t });
          verifyWebhookSignature({ payload: body, signature, secret, now });
          if (body.length > 0) {
            const changed = Uint8Array.from(body);
            changed[flip % body.length]! ^= 1 << (flip % 8);
            expect(() => verifyWebhookSignature({ payload: changed, signature, secret, now })).toThrow(
              expect.objectContaining({ code: 'NO_MATCHING_SIGNATURE' }),
            );
          }
        },
      ),
    );
  });
});
