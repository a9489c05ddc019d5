import {
  rawBody,
  type SignStandardWebhookOptions,
  type SignWebhookOptions,
  type SignWebhookV1Options,
  secretList,
  signingTime,
} from '../options';
import { type StandardWebhookHeaders, standardHeaders, standardSigning } from '../standard';
import { hmacSha256 } from './hmac';

/**
 * Signs a payload the way the sender does, giving an `X-Webhook-Signature` v2 value for a
 * receiver's own tests. Several secrets give a rotation header (one `sha256=` each, in order).
 *
 * @example
 * const signature = signWebhook({ payload: body, secret: 'whsec_test' });
 * await fetch(url, { method: 'POST', body, headers: { 'x-webhook-signature': signature } });
 */
export function signWebhook(options: SignWebhookOptions): string {
  const body = rawBody(options.payload);
  const t = signingTime(options.timestamp);
  const entries = secretList(options.secret).map((s) => `sha256=${hmacSha256(s, `${t}.`, body)}`);
  return `t=${t},${entries.join(',')}`;
}

/** Signs a payload as a v1 webhook (`sha256=<base64>` over the body). @example signWebhookV1({ payload: body, secret }) */
export function signWebhookV1(options: SignWebhookV1Options): string {
  const body = rawBody(options.payload);
  return secretList(options.secret)
    .map((s) => `sha256=${hmacSha256(s, '', body)}`)
    .join(',');
}

/** {@link signWebhook} as a promise, the same on every runtime. @example const signature = await signWebhookAsync({ payload, secret }); */
export async function signWebhookAsync(options: SignWebhookOptions): Promise<string> {
  return signWebhook(options);
}

/** {@link signWebhookV1} as a promise. @example const signature = await signWebhookV1Async({ payload, secret }); */
export async function signWebhookV1Async(options: SignWebhookV1Options): Promise<string> {
  return signWebhookV1(options);
}

/**
 * Signs a payload with the Standard Webhooks scheme, as the sender does beside
 * `X-Webhook-Signature` on v2 deliveries: HMAC-SHA256 over `<id>.<timestamp>.<body>`, keyed by
 * the bytes of the base64 after `whsec_`. Several secrets give one `v1,` entry each, in order.
 *
 * @throws TypeError when a secret is not `whsec_` and standard base64 (see {@link isStandardWebhooksSecret})
 * @example
 * const headers = signStandardWebhook({ id: 'evt_1', payload: body, secret });
 * await fetch(url, { method: 'POST', body, headers: { ...headers, 'content-type': 'application/json' } });
 */
export function signStandardWebhook(options: SignStandardWebhookOptions): StandardWebhookHeaders {
  const { id, t, prefix, keys, body } = standardSigning(options);
  return standardHeaders(
    id,
    t,
    keys.map((key) => hmacSha256(key, prefix, body, true)),
  );
}

/** {@link signStandardWebhook} as a promise. @example const headers = await signStandardWebhookAsync({ id, payload, secret }); */
export async function signStandardWebhookAsync(
  options: SignStandardWebhookOptions,
): Promise<StandardWebhookHeaders> {
  return signStandardWebhook(options);
}
