import {
  rawBody,
  type SignWebhookOptions,
  type SignWebhookV1Options,
  secretList,
  signingTime,
} from '../options';
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
  const entries = secretList(options.secret).map((s) => `sha256=${hmacSha256(s, t, body)}`);
  return `t=${t},${entries.join(',')}`;
}

/** Signs a payload as a v1 webhook (`sha256=<base64>` over the body). @example signWebhookV1({ payload: body, secret }) */
export function signWebhookV1(options: SignWebhookV1Options): string {
  const body = rawBody(options.payload);
  return secretList(options.secret)
    .map((s) => `sha256=${hmacSha256(s, undefined, body)}`)
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
