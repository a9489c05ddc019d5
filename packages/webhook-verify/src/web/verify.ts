import { isWebhookVerificationError } from '../errors';
import type { WebhookEvent } from '../events/types';
import {
  match,
  type Prepared,
  parseEvent,
  type VerifyResult,
  type VerifySignatureOptions,
  type VerifyWebhookOptions,
  type VerifyWebhookV1Options,
} from '../options';
import { prepare } from '../prepare';
import { hmacSha256, signedBytes } from './hmac';

async function check(prepared: Prepared): Promise<void> {
  const data = signedBytes(prepared.prefix, prepared.body);
  const { secrets, standard } = prepared;
  match(prepared, await Promise.all(secrets.map((secret) => hmacSha256(secret, data, standard))));
}

const decoder = new TextDecoder();
const text = (body: string | Uint8Array): string => (typeof body === 'string' ? body : decoder.decode(body));

/**
 * Verifies a v2 delivery on WebCrypto, then parses it: for Workers, Deno, Bun, browsers and Node
 * alike. Reads `X-Webhook-Signature` (`t=<unix>,sha256=<base64>`), or, given the request's
 * `headers` without it, the Standard Webhooks headers. Rejects with a
 * {@link WebhookVerificationError} when the delivery must not be trusted.
 *
 * @returns the parsed v2 event, typed by `event_type` (validated by `schema` when given)
 * @example
 * const event = await verifyWebhookAsync({
 *   payload: await request.text(),
 *   headers: request.headers,
 *   secret: env.WEBHOOK_SECRET,
 * });
 */
export async function verifyWebhookAsync<T = WebhookEvent>(options: VerifyWebhookOptions<T>): Promise<T> {
  const prepared = prepare(options, 2);
  await check(prepared);
  return parseEvent(text(prepared.body), 2, options.schema);
}

/** Verifies a v2 signature and timestamp without parsing the body. @example await verifyWebhookSignatureAsync({ payload, signature, secret }); */
export async function verifyWebhookSignatureAsync(options: VerifySignatureOptions): Promise<void> {
  await check(prepare(options, 2));
}

/** Verifies a legacy v1 delivery (no timestamp) and returns the parsed body. @example const payload = await verifyWebhookV1Async({ payload, signature, secret }); */
export async function verifyWebhookV1Async(options: VerifyWebhookV1Options): Promise<unknown> {
  const prepared = prepare(options, 1);
  await check(prepared);
  return parseEvent(text(prepared.body), 1, undefined);
}

/**
 * {@link verifyWebhookAsync} resolving to a result instead of rejecting on a bad delivery.
 *
 * @example
 * const result = await safeVerifyWebhookAsync({ payload, signature, secret });
 * if (!result.ok) return new Response(result.error.code, { status: 400 });
 */
export async function safeVerifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T>,
): Promise<VerifyResult<T>> {
  try {
    return { ok: true, event: await verifyWebhookAsync(options) };
  } catch (error) {
    if (isWebhookVerificationError(error)) return { ok: false, error };
    throw error;
  }
}
