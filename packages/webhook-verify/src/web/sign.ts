import {
  rawBody,
  type SignAnyOptions,
  type SignStandardWebhookOptions,
  type SignWebhookOptions,
  type SignWebhookV1Options,
  secretList,
  signingTime,
  versionOf,
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
 * `scheme: 'standard-webhooks'`: the Standard Webhooks headers, HMAC-SHA256 over
 * `<id>.<timestamp>.<body>` keyed by the bytes of the base64 after `whsec_`; one `v1,` entry per
 * secret.
 *
 * @example
 * const headers = await signWebhookAsync({ scheme: 'standard-webhooks', id: 'evt_1', payload: body, secret });
 */
export function signWebhookAsync(
  options: SignStandardWebhookOptions & { scheme: 'standard-webhooks' },
): Promise<StandardWebhookHeaders>;
/**
 * Signs a payload the way the sender does, for a receiver's own tests: the `X-Webhook-Signature`
 * value, v2 by default, or with `version: 'v1'` the legacy `sha256=<base64>` over the body.
 * Several secrets give a rotation header.
 *
 * @example
 * const signature = await signWebhookAsync({ payload: body, secret: 'whsec_test' });
 */
export function signWebhookAsync(
  options: SignWebhookOptions | (SignWebhookV1Options & { version: 'v1' }),
): Promise<string>;
export async function signWebhookAsync(options: SignAnyOptions): Promise<string | StandardWebhookHeaders> {
  if (options.scheme === 'standard-webhooks') {
    const { id, t, prefix, keys, body } = standardSigning(options as SignStandardWebhookOptions);
    const data = signedBytes(prefix, body);
    return standardHeaders(id, t, await Promise.all(keys.map((key) => hmacSha256(key, data, true))));
  }
  if (versionOf(options.version) < 2) return entries(options.secret, '', options.payload);
  const t = signingTime(options.timestamp);
  return `t=${t},${await entries(options.secret, `${t}.`, options.payload)}`;
}

/** @deprecated Use signWebhookAsync({ …, version: 'v1' }). Removed in 0.3.0. */
export function signWebhookV1Async(options: SignWebhookV1Options): Promise<string> {
  return signWebhookAsync({ ...options, version: 'v1' });
}

/** @deprecated Use signWebhookAsync({ …, scheme: 'standard-webhooks' }). Removed in 0.3.0. */
export function signStandardWebhookAsync(
  options: SignStandardWebhookOptions,
): Promise<StandardWebhookHeaders> {
  return signWebhookAsync({ ...options, scheme: 'standard-webhooks' });
}
