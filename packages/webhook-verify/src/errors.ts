/**
 * The one error this package throws for a delivery that must not be trusted. It is recognised by
 * `code` (see {@link isWebhookVerificationError}), never by `instanceof`: two copies of this
 * package in one application (or its Node and browser builds) still understand each other.
 */

/** Why a delivery was refused. */
export type WebhookVerificationErrorCode =
  /** No signature header, or an empty one. */
  | 'MISSING_SIGNATURE'
  /**
   * The header is not `t=<unix>,sha256=<base64>` (v2) or `sha256=<base64>` (v1), or the Standard
   * Webhooks set lacks `webhook-id` or a valid `webhook-timestamp`, or has no `v1,<base64>` entry.
   */
  | 'MALFORMED_SIGNATURE'
  /** The signed timestamp is older than the tolerance: a replay, or a slow clock here. */
  | 'TIMESTAMP_TOO_OLD'
  /** The signed timestamp is further ahead than the tolerance: a fast clock there or a slow one here. */
  | 'TIMESTAMP_IN_FUTURE'
  /** No signature in the header was made with any of the secrets over this exact body. */
  | 'NO_MATCHING_SIGNATURE'
  /** The payload is not a raw body, or the verified body is not the JSON the caller asked for. */
  | 'INVALID_PAYLOAD';

/**
 * A delivery failed verification. Answer it with a 4xx and do not process it.
 *
 * @example
 * try {
 *   verifyWebhook({ payload, signature, secret });
 * } catch (error) {
 *   if (isWebhookVerificationError(error)) console.warn(error.code, error.message);
 *   else throw error;
 * }
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly code: WebhookVerificationErrorCode;

  constructor(code: WebhookVerificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * True for a {@link WebhookVerificationError} from any copy or build of this package: checks the
 * name and that a `code` is there, not the prototype.
 *
 * @example
 * if (isWebhookVerificationError(error) && error.code === 'TIMESTAMP_TOO_OLD') checkClock();
 */
export function isWebhookVerificationError(error: unknown): error is WebhookVerificationError {
  const candidate = error as { name?: unknown; code?: unknown } | null | undefined;
  return candidate?.name === 'WebhookVerificationError' && typeof candidate.code === 'string';
}

/** @internal Shorthand for the throw sites. */
export function fail(code: WebhookVerificationErrorCode, message: string, cause?: unknown): never {
  throw new WebhookVerificationError(code, message, { cause });
}

/** @internal Programmer misuse (STYLE: a TypeError whose message names the package). */
export function misuse(message: string): never {
  throw new TypeError(`@affiliate-commerce/webhook-verify: ${message}`);
}
