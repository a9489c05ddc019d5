import { createHmac } from 'node:crypto';

/** The header carrying the signature (DESIGN.md). */
export const signatureHeader = 'X-Webhook-Signature';

function hmac(secret: string, text: string): string {
  // The key is the UTF-8 bytes of the whole secret string, `whsec_` prefix included (DESIGN.md).
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(text, 'utf8').digest('base64');
}

/**
 * The v2 signature header value: `t=<unix>,sha256=<b64>` over `<t>.<body>` (SPEC 5.4). During a
 * rotation overlap every secret signs, newest first: `t=..,sha256=<new>,sha256=<old>`.
 *
 * @example
 * signV2({ body, timestamp: 1767225600, secrets: ['whsec_...'] }) // 't=1767225600,sha256=...'
 */
export function signV2(input: { body: string; timestamp: number; secrets: readonly string[] }): string {
  if (!Number.isInteger(input.timestamp))
    throw new TypeError('@affiliate-commerce/core: timestamp must be whole Unix seconds');
  const signed = `${input.timestamp}.${input.body}`;
  return [`t=${input.timestamp}`, ...input.secrets.map((secret) => `sha256=${hmac(secret, signed)}`)].join(
    ',',
  );
}

/**
 * The v1 signature header value: `sha256=<b64>` over the body alone (SPEC 5.4); one entry per
 * secret during a rotation overlap.
 *
 * @example
 * signV1({ body, secrets: ['whsec_...'] }) // 'sha256=...'
 */
export function signV1(input: { body: string; secrets: readonly string[] }): string {
  return input.secrets.map((secret) => `sha256=${hmac(secret, input.body)}`).join(',');
}
