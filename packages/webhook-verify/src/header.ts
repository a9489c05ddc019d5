import { fail } from './errors';

/** What a signature header says, before any HMAC is computed. */
export interface SignatureHeader {
  /** The `t=` value in Unix seconds: always there in v2, never in v1. */
  readonly timestamp: number | undefined;
  /** Every `sha256=` value with its padding, in header order (new secret first in a rotation). */
  readonly signatures: readonly string[];
}

/** A header value as frameworks hand it over: Fetch `headers.get()` gives null, Node may give an array. */
export type SignatureHeaderValue = string | readonly string[] | null | undefined;

/**
 * Standard base64 of exactly 32 bytes, padding optional. The 43rd character carries two unused
 * bits that must be zero, so each HMAC has one spelling (apart from the optional `=`).
 */
export const sha256Value = /^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=?$/;
/** Decimal without leading zeros, so the number prints back to the exact text that was signed. */
export const unixSeconds = /^(0|[1-9]\d{0,14})$/;

/**
 * Parses `t=<unix>,sha256=<b64>[,sha256=<b64>…]` (v2) or `sha256=<b64>[,…]` (v1). Each entry is
 * split on its first `=` only, because base64 ends in `=`. Whitespace around entries, keys and
 * values is ignored, as are empty entries and unknown keys (room for future schemes). A second
 * `t=` with another value is refused: one signature must bind one timestamp (the same value twice
 * is a duplicated header line, and harmless). A v1 header with `t=` is refused too:
 * it is a v2 header, whose HMAC covers the timestamp.
 */
export function parseSignatureHeader(value: SignatureHeaderValue, version: 1 | 2): SignatureHeader {
  const header = `${Array.isArray(value) ? value.join() : (value ?? '')}`;
  if (header.trim() === '') fail('MISSING_SIGNATURE', 'no X-Webhook-Signature header');

  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const entry of header.split(',')) {
    const eq = entry.indexOf('=');
    const key = entry.slice(0, eq).trim();
    const val = entry.slice(eq + 1).trim();
    if (key === 'sha256' && sha256Value.test(val)) signatures.push(val.padEnd(44, '='));
    else if (key === 't' && unixSeconds.test(val) && (timestamp ?? +val) === +val) timestamp = +val;
    else if (key === 'sha256' || key === 't' || (eq < 1 && entry.trim() !== '')) {
      fail('MALFORMED_SIGNATURE', `bad entry "${entry.trim()}"`);
    }
  }
  if (signatures.length === 0) fail('MALFORMED_SIGNATURE', 'no sha256= entry');
  if (version === 2 && timestamp === undefined) fail('MALFORMED_SIGNATURE', 'no t= entry (a v1 header?)');
  if (version === 1 && timestamp !== undefined) fail('MALFORMED_SIGNATURE', 't= entry (a v2 header?)');
  return { timestamp, signatures };
}
