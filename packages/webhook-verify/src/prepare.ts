import { fail, misuse } from './errors';
import { parseSignatureHeader, type SignatureHeader, type SignatureHeaderValue } from './header';
import {
  type Prepared,
  rawBody,
  secretList,
  type VerifySignatureOptions,
  type VerifyWebhookV1Options,
  type WebhookHeaders,
} from './options';
import { headerText, parseStandardHeaders, standardKey } from './standard';

/**
 * What a delivery's headers claim: `id` when the Standard Webhooks set is judged (its HMAC covers
 * it); `bound`, the standard headers beside a judged `X-Webhook-Signature`.
 */
type Claims = SignatureHeader & { readonly id?: string; readonly bound?: Prepared['bound'] };

/** @internal One header of a Fetch `Headers` or of a record whose names may be in any case. */
export function headerOf(headers: WebhookHeaders, name: string): SignatureHeaderValue {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name);
  for (const key in headers) {
    if (key.toLowerCase() === name) return (headers as Record<string, SignatureHeaderValue>)[key];
  }
  return undefined;
}

/**
 * The claims of a v2 delivery. From `signature`, or from `headers`: `X-Webhook-Signature` when it
 * is there (its HMAC is checked, never replaced by the other set's, and the standard headers beside
 * it must agree with it), else the Standard Webhooks set; `scheme` names the one set to read.
 */
function claimsOf(options: VerifySignatureOptions, parse: typeof parseSignatureHeader): Claims {
  const { headers, scheme, signature } = options;
  if (headers === undefined || signature != null) {
    if (headers !== undefined || scheme !== undefined) misuse('give signature, or headers and a scheme');
    return parse(signature, 2);
  }
  const ours = headerOf(headers, 'x-webhook-signature');
  const standard = headerOf(headers, 'webhook-signature');
  if (scheme === 'affiliate-commerce' || (scheme === undefined && headerText(ours) !== '')) {
    // The standard headers beside it must say what it signs: `match` checks them after its HMAC.
    const bound = [headerOf(headers, 'webhook-id'), headerOf(headers, 'webhook-timestamp')].map(headerText);
    return { ...parse(ours, 2), bound: bound as [string, string] };
  }
  if (scheme === undefined && headerText(standard) === '') {
    fail('MISSING_SIGNATURE', 'no signature header');
  }
  if (scheme !== undefined && scheme !== 'standard-webhooks') misuse('bad scheme');
  return parseStandardHeaders(
    headerOf(headers, 'webhook-id'),
    headerOf(headers, 'webhook-timestamp'),
    standard,
  );
}

/**
 * @internal Checks options, headers and time window; the HMAC is left to the runtime's crypto.
 * Both schemes share the window and the errors; they differ in the signed text and the key.
 */
export function prepare(
  options: VerifySignatureOptions | VerifyWebhookV1Options,
  version: 1 | 2,
  parse = parseSignatureHeader,
): Prepared {
  const body = rawBody(options.payload);
  const secrets = secretList(options.secret, options.secrets);
  const { id, bound, timestamp, signatures }: Claims =
    version === 1 ? parse(options.signature, 1) : claimsOf(options as VerifySignatureOptions, parse);
  if (version === 2) {
    const { toleranceSeconds: tolerance = 300, now } = options as VerifySignatureOptions;
    const age = Math.floor(+(now ?? Date.now()) / 1000) - timestamp!;
    if (!(tolerance >= 0) || Number.isNaN(age)) misuse('bad toleranceSeconds or now');
    if (age > tolerance) fail('TIMESTAMP_TOO_OLD', `signed ${age} s ago (tolerance ${tolerance} s)`);
    if (-age > tolerance) fail('TIMESTAMP_IN_FUTURE', `signed ${-age} s ahead (tolerance ${tolerance} s)`);
  }
  const standard = id !== undefined;
  const keys = standard ? secrets.flatMap((secret) => standardKey(secret) ?? []) : secrets;
  return {
    body,
    secrets: keys,
    standard,
    prefix: standard ? `${id}.${timestamp}.` : version === 2 ? `${timestamp}.` : '',
    signatures,
    bound,
    hint:
      keys.length === 0
        ? 'secret is not whsec_ + standard base64'
        : standard || secrets.some((s) => s.startsWith('whsec_'))
          ? 'body altered or wrong secret'
          : 'use the whole secret, whsec_ included',
  };
}
