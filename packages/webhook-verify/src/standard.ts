import { fail, misuse } from './errors';
import { type SignatureHeader, type SignatureHeaderValue, sha256Value, unixSeconds } from './header';
import { rawBody, type SignStandardWebhookOptions, secretList, signingTime } from './options';

/**
 * The Standard Webhooks headers of one delivery (https://www.standardwebhooks.com). A type, not
 * an interface, so it passes as a header record (`verifyWebhook({ headers })`, `fetch`).
 */
export type StandardWebhookHeaders = {
  /** The message id, the same on every retry: the event id. */
  readonly 'webhook-id': string;
  /** Unix seconds, the same instant as the `t=` of `X-Webhook-Signature`. */
  readonly 'webhook-timestamp': string;
  /** `v1,<base64>` entries separated by spaces, one per secret during a rotation overlap. */
  readonly 'webhook-signature': string;
};

/**
 * Standard base64 as every decoder reads it: padded, and the unused bits of the last character
 * zero. Python's `b64decode` refuses missing padding and drops `-` and `_`, JavaScript's
 * decoders accept both: only text like this gives every library the same key.
 */
const canonicalBase64 =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/][AQgw]==|[A-Za-z0-9+/]{2}[AEIMQUYcgkosw048]=)?$/;

/**
 * @internal The base64 text of a secret's Standard Webhooks key: what follows `whsec_`, when it
 * is canonical base64 of at least 16 bytes (24 characters hold at least 16 bytes); else undefined.
 */
export function standardKey(secret: string): string | undefined {
  const text = secret.startsWith('whsec_') ? secret.slice(6) : secret;
  return text.length >= 24 && canonicalBase64.test(text) ? text : undefined;
}

/**
 * True when a secret works with Standard Webhooks libraries too (`new Webhook(secret)` of
 * `standardwebhooks` or `svix`): `whsec_` and standard base64 of at least 16 bytes. Secrets
 * issued before the sender added the standard headers (`whsec_` and 43 base64url characters) do
 * not, and their deliveries carry `X-Webhook-Signature` alone; rotating the secret issues one
 * that does.
 *
 * @example
 * if (!isStandardWebhooksSecret(process.env.WEBHOOK_SECRET!)) console.warn('rotate the secret to use a Standard Webhooks library');
 */
export function isStandardWebhooksSecret(secret: string): boolean {
  return typeof secret === 'string' && standardKey(secret.trim()) !== undefined;
}

/** @internal A header's text: arrays joined, trimmed, empty when absent. */
export const headerText = (value: SignatureHeaderValue): string =>
  `${Array.isArray(value) ? value.join(' ') : (value ?? '')}`.trim();

/**
 * @internal Parses the standard headers. `webhook-signature` holds entries separated by spaces,
 * each `<version>,<base64>`; `v1` entries are HMAC-SHA256 and other versions (`v1a`, asymmetric)
 * are ignored. The timestamp follows the rules of `t=` (decimal, no leading zeros).
 */
export function parseStandardHeaders(
  id: SignatureHeaderValue,
  timestamp: SignatureHeaderValue,
  signature: SignatureHeaderValue,
): SignatureHeader & { readonly id: string } {
  const header = headerText(signature);
  const t = headerText(timestamp);
  const msgId = headerText(id);
  if (header === '') fail('MISSING_SIGNATURE', 'no webhook-signature header');
  if (msgId === '') fail('MALFORMED_SIGNATURE', 'no webhook-id header');
  if (!unixSeconds.test(t)) fail('MALFORMED_SIGNATURE', 'bad webhook-timestamp header');
  const signatures: string[] = [];
  for (const entry of header.split(/\s+/)) {
    const comma = entry.indexOf(',');
    const value = entry.slice(comma + 1);
    if (entry.startsWith('v1,') && sha256Value.test(value)) signatures.push(value.padEnd(44, '='));
    else if (comma < 1 || entry.startsWith('v1,')) fail('MALFORMED_SIGNATURE', `bad entry "${entry}"`);
  }
  if (signatures.length === 0) fail('MALFORMED_SIGNATURE', 'no v1, entry');
  return { id: msgId, timestamp: +t, signatures };
}

/** @internal What both builds' `signWebhook({ scheme: 'standard-webhooks' })` sign: the text before the body, the keys. */
export function standardSigning(options: SignStandardWebhookOptions) {
  const { id } = options;
  if (typeof id !== 'string' || id === '') misuse('id must be a non-empty string');
  const t = signingTime(options.timestamp);
  const keys = secretList(options.secret).map(
    (secret) => standardKey(secret) ?? misuse('secret is not whsec_ + standard base64'),
  );
  return { id, t, prefix: `${id}.${t}.`, keys, body: rawBody(options.payload) };
}

/** @internal The headers from the digests, one `v1,` entry per key, in order. */
export function standardHeaders(id: string, t: number, digests: readonly string[]): StandardWebhookHeaders {
  return {
    'webhook-id': id,
    'webhook-timestamp': `${t}`,
    'webhook-signature': digests.map((digest) => `v1,${digest}`).join(' '),
  };
}
