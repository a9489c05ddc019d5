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
import { hmacSha256 } from './hmac';

/**
 * `scheme: 'standard-webhooks'`: the Standard Webhooks headers, as the sender writes them beside
 * `X-Webhook-Signature` on v2 deliveries: HMAC-SHA256 over `<id>.<timestamp>.<body>`, keyed by the
 * bytes of the base64 after `whsec_`. Several secrets give one `v1,` entry each, in order.
 *
 * @throws TypeError when a secret is not `whsec_` and standard base64 (see {@link isStandardWebhooksSecret})
 * @example
 * const headers = signWebhook({ scheme: 'standard-webhooks', id: 'evt_1', payload: body, secret });
 * await fetch(url, { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' } });
 */
export function signWebhook(
  options: SignStandardWebhookOptions & { scheme: 'standard-webhooks' },
): StandardWebhookHeaders;
/**
 * Signs a payload the way the sender does, for a receiver's own tests: the `X-Webhook-Signature`
 * value, v2 by default (`t=<unix>,sha256=<base64>`), or with `version: 'v1'` the legacy
 * `sha256=<base64>` over the body. Several secrets give a rotation header (one `sha256=` each,
 * in order); `scheme: 'standard-webhooks'` gives the Standard Webhooks headers instead.
 *
 * @example
 * const signature = signWebhook({ payload: body, secret: 'whsec_test' });
 * await fetch(url, { method: 'POST', body, headers: { 'x-webhook-signature': signature } });
 */
export function signWebhook(options: SignWebhookOptions | (SignWebhookV1Options & { version: 'v1' })): string;
export function signWebhook(options: SignAnyOptions): string | StandardWebhookHeaders {
  if (options.scheme === 'standard-webhooks') {
    const { id, t, prefix, keys, body } = standardSigning(options as SignStandardWebhookOptions);
    return standardHeaders(
      id,
      t,
      keys.map((key) => hmacSha256(key, prefix, body, true)),
    );
  }
  const v1 = versionOf(options.version) < 2;
  const body = rawBody(options.payload);
  if (v1) {
    return secretList(options.secret)
      .map((s) => `sha256=${hmacSha256(s, '', body)}`)
      .join(',');
  }
  const t = signingTime(options.timestamp);
  const entries = secretList(options.secret).map((s) => `sha256=${hmacSha256(s, `${t}.`, body)}`);
  return `t=${t},${entries.join(',')}`;
}

/**
 * `scheme: 'standard-webhooks'`: {@link signWebhook}'s Standard Webhooks headers, as a promise.
 *
 * @example
 * const headers = await signWebhookAsync({ scheme: 'standard-webhooks', id: 'evt_1', payload: body, secret });
 */
export function signWebhookAsync(
  options: SignStandardWebhookOptions & { scheme: 'standard-webhooks' },
): Promise<StandardWebhookHeaders>;
/** {@link signWebhook} as a promise, the same on every runtime. @example const signature = await signWebhookAsync({ payload, secret }); */
export function signWebhookAsync(
  options: SignWebhookOptions | (SignWebhookV1Options & { version: 'v1' }),
): Promise<string>;
export async function signWebhookAsync(options: SignAnyOptions): Promise<string | StandardWebhookHeaders> {
  return signWebhook(options as never);
}

/** @deprecated Use signWebhook({ …, version: 'v1' }). Removed in 0.3.0. */
export function signWebhookV1(options: SignWebhookV1Options): string {
  return signWebhook({ ...options, version: 'v1' });
}

/** @deprecated Use signWebhookAsync({ …, version: 'v1' }). Removed in 0.3.0. */
export async function signWebhookV1Async(options: SignWebhookV1Options): Promise<string> {
  return signWebhookAsync({ ...options, version: 'v1' });
}

/** @deprecated Use signWebhook({ …, scheme: 'standard-webhooks' }). Removed in 0.3.0. */
export function signStandardWebhook(options: SignStandardWebhookOptions): StandardWebhookHeaders {
  return signWebhook({ ...options, scheme: 'standard-webhooks' });
}

/** @deprecated Use signWebhookAsync({ …, scheme: 'standard-webhooks' }). Removed in 0.3.0. */
export async function signStandardWebhookAsync(
  options: SignStandardWebhookOptions,
): Promise<StandardWebhookHeaders> {
  return signWebhookAsync({ ...options, scheme: 'standard-webhooks' });
}
