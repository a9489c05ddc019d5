import {
  isStandardWebhooksSecret,
  type StandardWebhookHeaders,
  signWebhookAsync,
} from '@affiliate-commerce/webhook-verify';

/** The header carrying the signature (docs/api.md §5.4). */
export const signatureHeader = 'X-Webhook-Signature';

// The HMAC is webhook-verify's, the package receivers verify with, so sender and receiver share
// one computation: its node:crypto build under the `node` condition, WebCrypto elsewhere.

/**
 * The v2 signature header value: `t=<unix>,sha256=<b64>` over `<t>.<body>` (docs/api.md §5.4). During a
 * rotation overlap every secret signs, newest first: `t=..,sha256=<new>,sha256=<old>`.
 *
 * @example
 * await signV2({ body, timestamp: 1767225600, secrets: ['whsec_...'] }) // 't=1767225600,sha256=...'
 */
export async function signV2(input: {
  body: string;
  timestamp: number;
  secrets: readonly string[];
}): Promise<string> {
  wholeSeconds(input.timestamp);
  return signWebhookAsync({ payload: input.body, secret: input.secrets, timestamp: input.timestamp });
}

function wholeSeconds(timestamp: number): void {
  if (!Number.isInteger(timestamp))
    throw new TypeError('@affiliate-commerce/core: timestamp must be whole Unix seconds');
}

/**
 * The Standard Webhooks headers of a v2 delivery, beside `X-Webhook-Signature`: `webhook-id` (the
 * event id), `webhook-timestamp` (the same instant as its `t=`) and `webhook-signature`, one
 * `v1,<b64>` entry over `<id>.<t>.<body>` per secret that has a standard key, current first.
 * Undefined when none has one (secrets issued before the standard format): a stock library
 * would decode such a secret to other bytes, or refuse it, so no standard signature is sent.
 *
 * @example
 * await signStandard({ eventId: 'evt_1', body, timestamp: 1767225600, secrets: ['whsec_...'] })
 * // { 'webhook-id': 'evt_1', 'webhook-timestamp': '1767225600', 'webhook-signature': 'v1,...' }
 */
export async function signStandard(input: {
  eventId: string;
  body: string;
  timestamp: number;
  secrets: readonly string[];
}): Promise<StandardWebhookHeaders | undefined> {
  wholeSeconds(input.timestamp);
  const secrets = input.secrets.filter(isStandardWebhooksSecret);
  if (secrets.length === 0) return undefined;
  return signWebhookAsync({
    scheme: 'standard-webhooks',
    id: input.eventId,
    payload: input.body,
    secret: secrets,
    timestamp: input.timestamp,
  });
}

/**
 * The v1 signature header value: `sha256=<b64>` over the body alone (docs/api.md §5.4); one entry per
 * secret during a rotation overlap.
 */
export function signV1(input: { body: string; secrets: readonly string[] }): Promise<string> {
  return signWebhookAsync({ version: 'v1', payload: input.body, secret: input.secrets });
}
