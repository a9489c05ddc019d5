import { isWebhookVerificationError } from '../errors';
import type { WebhookEvent } from '../events/types';
import {
  type EventSchema,
  match,
  type Prepared,
  parseEvent,
  type VerifyResult,
  type VerifySignatureOnlyOptions,
  type VerifySignatureOptions,
  type VerifyWebhookOptions,
  type VerifyWebhookV1Options,
  versionOf,
} from '../options';
import { prepare } from '../prepare';
import { parseHeader } from './header';
import { hmacSha256 } from './hmac';

function check(prepared: Prepared): void {
  match(
    prepared,
    prepared.secrets.map((secret) => hmacSha256(secret, prepared.prefix, prepared.body, prepared.standard)),
  );
}

function text(body: string | Uint8Array): string {
  return typeof body === 'string'
    ? body
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
}

/** Every option of the overloads, as the implementation reads them. */
type AnyOptions = (VerifySignatureOptions | VerifyWebhookV1Options) & {
  schema?: EventSchema<unknown>;
  parse?: boolean;
  throwOnError?: boolean;
};

function verified(options: AnyOptions): unknown {
  const version = versionOf(options.version);
  const prepared = prepare(options, version, parseHeader);
  check(prepared);
  return options.parse === false ? undefined : parseEvent(text(prepared.body), version, options.schema);
}

/** `parse: false` and `throwOnError: false`: returns `{ ok: true, event: undefined }` or `{ ok: false, error }`. */
export function verifyWebhook(
  options: VerifySignatureOnlyOptions & { throwOnError: false },
): VerifyResult<undefined>;
/** `parse: false`: checks the signature (and for v2 the time window) without parsing the body. */
export function verifyWebhook(options: VerifySignatureOnlyOptions & { throwOnError?: true }): void;
/** `version: 'v1'` and `throwOnError: false`: the legacy v1 body in a {@link VerifyResult}. */
export function verifyWebhook<T = unknown>(
  options: VerifyWebhookV1Options<T> & { version: 'v1'; parse?: true; throwOnError: false },
): VerifyResult<T>;
/** `version: 'v1'`: verifies a legacy v1 delivery (no timestamp) and returns the parsed body. */
export function verifyWebhook<T = unknown>(
  options: VerifyWebhookV1Options<T> & { version: 'v1'; parse?: true; throwOnError?: true },
): T;
/** `throwOnError: false`: the event in a {@link VerifyResult} instead of throwing on a bad delivery (misuse still throws a TypeError). */
export function verifyWebhook<T = WebhookEvent>(
  options: VerifyWebhookOptions<T> & { parse?: true; throwOnError: false },
): VerifyResult<T>;
/**
 * Verifies a delivery synchronously with node:crypto, then parses it. Throws a
 * {@link WebhookVerificationError} when it must not be trusted. The options choose:
 *
 * - where the signature is read: `headers` (the request's: `X-Webhook-Signature` when present,
 *   else the Standard Webhooks set; `scheme` requires one of the two), or `signature` (the
 *   `X-Webhook-Signature` value alone);
 * - `version: 'v1'` for a legacy v1 delivery (`sha256=<base64>` over the body, no timestamp);
 * - `parse: false` to check the signature without parsing the body;
 * - `throwOnError: false` to return a {@link VerifyResult} instead of throwing;
 * - `schema` to validate the parsed body, `toleranceSeconds` and `now` for the time window.
 *
 * @returns the parsed v2 event, typed by `event_type` (validated by `schema` when given)
 * @throws WebhookVerificationError MISSING_SIGNATURE, MALFORMED_SIGNATURE, TIMESTAMP_TOO_OLD,
 *   TIMESTAMP_IN_FUTURE, NO_MATCHING_SIGNATURE or INVALID_PAYLOAD
 * @throws TypeError on misuse: no secret, a bad tolerance, an unknown version or scheme
 * @example
 * const event = verifyWebhook({
 *   payload: req.body, // a Buffer from express.raw({ type: 'application/json' })
 *   headers: req.headers, // or signature: req.get('x-webhook-signature')
 *   secret: process.env.WEBHOOK_SECRET!,
 * });
 */
export function verifyWebhook<T = WebhookEvent>(
  options: VerifyWebhookOptions<T> & { parse?: true; throwOnError?: true },
): T;
export function verifyWebhook(options: AnyOptions): unknown {
  if (options.throwOnError !== false) return verified(options);
  try {
    return { ok: true, event: verified(options) };
  } catch (error) {
    if (isWebhookVerificationError(error)) return { ok: false, error };
    throw error;
  }
}

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
 * {@link verifyWebhook} as a promise, for code that runs on every runtime: the same options and
 * answers, rejecting where it throws.
 *
 * @example
 * const event = await verifyWebhookAsync({ payload, headers: request.headers, secret });
 */
export function verifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T> & { parse?: true; throwOnError?: true },
): Promise<T>;
export async function verifyWebhookAsync(options: AnyOptions): Promise<unknown> {
  return verifyWebhook(options as never);
}

/** @deprecated Use verifyWebhook({ …, parse: false }). Removed in 0.3.0. */
export function verifyWebhookSignature(options: VerifySignatureOptions): void {
  verifyWebhook({ ...options, parse: false });
}

/** @deprecated Use verifyWebhook({ …, version: 'v1' }). Removed in 0.3.0. */
export function verifyWebhookV1(options: VerifyWebhookV1Options): unknown {
  return verifyWebhook({ ...options, version: 'v1' });
}

/** @deprecated Use verifyWebhook({ …, throwOnError: false }). Removed in 0.3.0. */
export function safeVerifyWebhook<T = WebhookEvent>(options: VerifyWebhookOptions<T>): VerifyResult<T> {
  return verifyWebhook({ ...options, throwOnError: false });
}

/** @deprecated Use verifyWebhookAsync({ …, parse: false }). Removed in 0.3.0. */
export async function verifyWebhookSignatureAsync(options: VerifySignatureOptions): Promise<void> {
  return verifyWebhookAsync({ ...options, parse: false });
}

/** @deprecated Use verifyWebhookAsync({ …, version: 'v1' }). Removed in 0.3.0. */
export async function verifyWebhookV1Async(options: VerifyWebhookV1Options): Promise<unknown> {
  return verifyWebhookAsync({ ...options, version: 'v1' });
}

/** @deprecated Use verifyWebhookAsync({ …, throwOnError: false }). Removed in 0.3.0. */
export async function safeVerifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T>,
): Promise<VerifyResult<T>> {
  return verifyWebhookAsync({ ...options, throwOnError: false });
}
