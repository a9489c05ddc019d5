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

/**
 * Verifies a v2 delivery synchronously with node:crypto, then parses it: `X-Webhook-Signature`
 * (`t=<unix>,sha256=<base64>`), or, given the request's `headers` without it, the Standard
 * Webhooks headers (`scheme` requires one of the two). Throws a {@link WebhookVerificationError}
 * when it must not be trusted.
 *
 * @returns the parsed v2 event, typed by `event_type` (validated by `schema` when given)
 * @throws WebhookVerificationError MISSING_SIGNATURE, MALFORMED_SIGNATURE, TIMESTAMP_TOO_OLD,
 *   TIMESTAMP_IN_FUTURE, NO_MATCHING_SIGNATURE or INVALID_PAYLOAD
 * @throws TypeError on misuse: no secret, a bad tolerance
 * @example
 * const event = verifyWebhook({
 *   payload: req.body, // a Buffer from express.raw({ type: 'application/json' })
 *   headers: req.headers, // or signature: req.get('x-webhook-signature')
 *   secret: process.env.WEBHOOK_SECRET!,
 * });
 */
export function verifyWebhook<T = WebhookEvent>(options: VerifyWebhookOptions<T>): T {
  const prepared = prepare(options, 2, parseHeader);
  check(prepared);
  return parseEvent(text(prepared.body), 2, options.schema);
}

/**
 * Verifies a v2 signature and timestamp without parsing the body, for receivers that queue the
 * raw bytes. Throws like {@link verifyWebhook}.
 *
 * @example
 * verifyWebhookSignature({ payload: rawBody, signature, secret });
 * await queue.push(rawBody);
 */
export function verifyWebhookSignature(options: VerifySignatureOptions): void {
  check(prepare(options, 2, parseHeader));
}

/**
 * Verifies a legacy v1 delivery (`sha256=<base64>` over the body, no timestamp, so no replay
 * protection) and returns the parsed body, a raw v1 event object.
 *
 * @example
 * const payload = verifyWebhookV1({ payload: req.body, signature: req.get('x-webhook-signature'), secret });
 */
export function verifyWebhookV1(options: VerifyWebhookV1Options): unknown {
  const prepared = prepare(options, 1, parseHeader);
  check(prepared);
  return parseEvent(text(prepared.body), 1, undefined);
}

/**
 * {@link verifyWebhook} without throwing on a bad delivery (misuse still throws a TypeError).
 *
 * @example
 * const result = safeVerifyWebhook({ payload, signature, secret });
 * if (!result.ok) return res.status(400).send(result.error.code);
 */
export function safeVerifyWebhook<T = WebhookEvent>(options: VerifyWebhookOptions<T>): VerifyResult<T> {
  try {
    return { ok: true, event: verifyWebhook(options) };
  } catch (error) {
    if (isWebhookVerificationError(error)) return { ok: false, error };
    throw error;
  }
}

/** {@link verifyWebhook} as a promise, for code that runs on every runtime. @example const event = await verifyWebhookAsync({ payload, signature, secret }); */
export async function verifyWebhookAsync<T = WebhookEvent>(options: VerifyWebhookOptions<T>): Promise<T> {
  return verifyWebhook(options);
}

/** {@link verifyWebhookSignature} as a promise. @example await verifyWebhookSignatureAsync({ payload, signature, secret }); */
export async function verifyWebhookSignatureAsync(options: VerifySignatureOptions): Promise<void> {
  verifyWebhookSignature(options);
}

/** {@link verifyWebhookV1} as a promise. @example const payload = await verifyWebhookV1Async({ payload, signature, secret }); */
export async function verifyWebhookV1Async(options: VerifyWebhookV1Options): Promise<unknown> {
  return verifyWebhookV1(options);
}

/** {@link safeVerifyWebhook} as a promise. @example const result = await safeVerifyWebhookAsync({ payload, signature, secret }); */
export async function safeVerifyWebhookAsync<T = WebhookEvent>(
  options: VerifyWebhookOptions<T>,
): Promise<VerifyResult<T>> {
  return safeVerifyWebhook(options);
}
