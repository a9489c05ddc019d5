import { signWebhook, signWebhookV1 } from '@affiliate-commerce/webhook-verify/node';

/** The header carrying the signature (DESIGN.md). */
export const signatureHeader = 'X-Webhook-Signature';

// The HMAC is webhook-verify's, the package receivers verify with, so sender and receiver share
// one computation. Its `/node` entry is the node:crypto build whatever conditions a host's
// bundler uses: a Worker bundle resolves the package itself to the async-only WebCrypto build.

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
  return signWebhook({ payload: input.body, secret: input.secrets, timestamp: input.timestamp });
}

/**
 * The v1 signature header value: `sha256=<b64>` over the body alone (SPEC 5.4); one entry per
 * secret during a rotation overlap.
 *
 * @example
 * signV1({ body, secrets: ['whsec_...'] }) // 'sha256=...'
 */
export function signV1(input: { body: string; secrets: readonly string[] }): string {
  return signWebhookV1({ payload: input.body, secret: input.secrets });
}
