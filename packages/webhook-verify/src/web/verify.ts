import { isWebhookVerificationError } from '../errors';
import type { WebhookEvent } from '../events/types';
import {
  type EventSchema,
  match,
  parseEvent,
  type VerifyResult,
  type VerifySignatureOnlyOptions,
  type VerifySignatureOptions,
  type VerifyWebhookOptions,
  type VerifyWebhookV1Options,
  versionOf,
} from '../options';
import { prepare } from '../prepare';
import { hmacSha256, signedBytes } from './hmac';

const decoder = new TextDecoder();

/** Every option of the overloads, as the implementation reads them. */
type AnyOptions = (VerifySignatureOptions | VerifyWebhookV1Options) & {
  schema?: EventSchema<unknown>;
  parse?: boolean;
  throwOnError?: boolean;
};

/** `parse: false` and `throwOnError: false`: resolves to `{ ok: true, event: undefined }` or `{ ok: false, error }`. */
export function verifyWebhookAsync(
  options: VerifySignatureOnlyOptions & { throwOnError: false },
): Promise<VerifyResult<undefined>>;
/** `parse: false`: checks the signature (and for v2 the time window) without parsing the body. */
export function verifyWebhookAsync(
  options: VerifySignatureOnlyOptions & { throwOnError?: true },
): Promise<void>;
/** `version: 'v1'` and `throwOnError: false`: the legacy v1 body in a {@link VerifyResult}. */
export function verifyWebhookAsync<T = unknown>(
  options: VerifyWebhookV1Options<T> & { version: 'v1'; parse?: true; throwOnError: false },
): Promise<VerifyResult<T>>;
/** `version: 'v1'`: verifies a legacy v1 delivery (no timestamp) and resolves to the parsed body. */
export function verifyWebhookAsync<T = unknown>(
  options: VerifyWebhookV1Options<T> & { version: 'v1'; parse?: true; throwOnError?: true },
): Promise<T>;
/** `throwOnError: false`: the event in a {@link VerifyResult} instead of throwing on a bad delivery (misuse still throws a TypeError). */
export function verifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T> & { parse?: true; throwOnError: false },
): Promise<VerifyResult<T>>;
/**
 * Verifies a delivery on WebCrypto, then parses it: for Workers, Deno, Bun, browsers and Node
 * alike. Rejects with a {@link WebhookVerificationError} when it must not be trusted. The options
 * choose:
 *
 * - where the signature is read: `headers` (the request's: `X-Webhook-Signature` when present,
 *   else the Standard Webhooks set; `scheme` requires one of the two), or `signature` (the
 *   `X-Webhook-Signature` value alone);
 * - `version: 'v1'` for a legacy v1 delivery (`sha256=<base64>` over the body, no timestamp);
 * - `parse: false` to check the signature without parsing the body;
 * - `throwOnError: false` to resolve to a {@link VerifyResult} instead of rejecting;
 * - `schema` to validate the parsed body, `toleranceSeconds` and `now` for the time window.
 *
 * @returns the parsed v2 event, typed by `event_type` (validated by `schema` when given)
 * @example
 * const event = await verifyWebhookAsync({
 *   payload: await request.arrayBuffer(),
 *   headers: request.headers,
 *   secret: env.WEBHOOK_SECRET,
 * });
 */
export function verifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T> & { parse?: true; throwOnError?: true },
): Promise<T>;
export async function verifyWebhookAsync(options: AnyOptions): Promise<unknown> {
  const result = options.throwOnError === false;
  try {
    const version = versionOf(options.version);
    const prepared = prepare(options, version);
    const { body, secrets, standard } = prepared;
    const data = signedBytes(prepared.prefix, body);
    match(prepared, await Promise.all(secrets.map((secret) => hmacSha256(secret, data, standard))));
    const event =
      options.parse === false
        ? undefined
        : parseEvent(typeof body === 'string' ? body : decoder.decode(body), version, options.schema);
    return result ? { ok: true, event } : event;
  } catch (error) {
    if (result && isWebhookVerificationError(error)) return { ok: false, error };
    throw error;
  }
}

/** @deprecated Use verifyWebhookAsync({ …, parse: false }). Removed in 0.3.0. */
export function verifyWebhookSignatureAsync(options: VerifySignatureOptions): Promise<void> {
  return verifyWebhookAsync({ ...options, parse: false });
}

/** @deprecated Use verifyWebhookAsync({ …, version: 'v1' }). Removed in 0.3.0. */
export function verifyWebhookV1Async(options: VerifyWebhookV1Options): Promise<unknown> {
  return verifyWebhookAsync({ ...options, version: 'v1' });
}

/** @deprecated Use verifyWebhookAsync({ …, throwOnError: false }). Removed in 0.3.0. */
export function safeVerifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T>,
): Promise<VerifyResult<T>> {
  return verifyWebhookAsync({ ...options, throwOnError: false });
}
