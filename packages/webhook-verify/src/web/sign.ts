import {
  rawBody,
  type SignStandardWebhookOptions,
  type SignWebhookOptions,
  type SignWebhookV1Options,
  secretList,
  signingTime,
} from '../options';
import { type StandardWebhookHeaders, standardHeaders, standardSigning } from '../standard';
import { hmacSha256, signedBytes } from './hmac';

async function entries(
  secret: string | readonly string[],
  prefix: string,
  payload: unknown,
): Promise<string> {
  const data = signedBytes(prefix, rawBody(payload));
  const digests = await Promise.all(secretList(secret).map((s) => hmacSha256(s, data)));
  return digests.map((digest) => `sha256=${digest}`).join(',');
}

/**
 * Signs a payload the way the sender does, giving an `X-Webhook-Signature` v2 value for a
 * receiver's own tests. Several secrets give a rotation header.
 *
 * @example
 * const signature = await signWebhookAsync({ payload: body, secret: 'whsec_test' });
 */
export async function signWebhookAsync(options: SignWebhookOptions): Promise<string> {
  const t = signingTime(options.timestamp);
  return `t=${t},${await entries(options.secret, `${t}.`, options.payload)}`;
}

/** Signs a payload as a v1 webhook (`sha256=<base64>` over the body). @example await signWebhookV1Async({ payload, secret }) */
export async function signWebhookV1Async(options: SignWebhookV1Options): Promise<string> {
  return entries(options.secret, '', options.payload);
}

/**
 * Signs a payload with the Standard Webhooks scheme: HMAC-SHA256 over `<id>.<timestamp>.<body>`,
 * keyed by the bytes of the base64 after `whsec_`; one `v1,` entry per secret.
 *
 * @example
 * const headers = await signStandardWebhookAsync({ id: 'evt_1', payload: body, secret });
 */
export async function signStandardWebhookAsync(
  options: SignStandardWebhookOptions,
): Promise<StandardWebhookHeaders> {
  const { id, t, prefix, keys, body } = standardSigning(options);
  const data = signedBytes(prefix, body);
  return standardHeaders(id, t, await Promise.all(keys.map((key) => hmacSha256(key, data, true))));
}
