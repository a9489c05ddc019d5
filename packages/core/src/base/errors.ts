/**
 * Domain errors: a tagged union recognised by `code`, never by `instanceof`, so that two copies
 * of this package in one application still understand each other's errors.
 */

/** Every error code the API answers with, each mapped to one HTTP status in {@link errorStatus}. */
export type ErrorCode =
  | 'UNAUTHORIZED'
  | 'AFFILIATE_CONTEXT_REQUIRED'
  | 'MODULE_DISABLED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'INVALID_FIELD'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'WEBHOOK_DISABLED'
  | 'PAYMENT_METHOD_CANNOT_BE_REUSED'
  | 'PAYMENT_METHOD_ATTACHMENT_FAILED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'STORAGE_UNAVAILABLE'
  | 'TRANSACTION_UNSUPPORTED'
  | 'TRANSACTION_NOT_OPEN'
  | 'TRANSACTION_ABORTED'
  | 'TRANSACTION_CONFLICT'
  | 'TRANSACTION_SCHEMA_MISSING';

/** A failure a use case reports to its caller. */
export interface DomainError {
  readonly code: ErrorCode;
  readonly message: string;
  /** The one request field at fault, when there is exactly one. */
  readonly field?: string;
  /** Extra response headers the error carries (Retry-After, X-RateLimit-*). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The underlying cause, for logs only; never sent to the client. */
  readonly cause?: unknown;
}

/**
 * The HTTP status of each error code (docs/api.md §7.2). Typed as a full record so that
 * adding a code without a status fails to compile.
 */
export const errorStatus: Readonly<Record<ErrorCode, number>> = {
  UNAUTHORIZED: 401,
  AFFILIATE_CONTEXT_REQUIRED: 400,
  MODULE_DISABLED: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INVALID_FIELD: 422,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  WEBHOOK_DISABLED: 409,
  PAYMENT_METHOD_CANNOT_BE_REUSED: 409,
  PAYMENT_METHOD_ATTACHMENT_FAILED: 402,
  UPSTREAM_UNAVAILABLE: 502,
  STORAGE_UNAVAILABLE: 503,
  // Host calls in the host's own transaction (never answered over HTTP): misuse is the caller's
  // 400, a transaction that failed or lost to another is a 409 the host retries whole.
  TRANSACTION_UNSUPPORTED: 400,
  TRANSACTION_NOT_OPEN: 400,
  TRANSACTION_ABORTED: 409,
  TRANSACTION_CONFLICT: 409,
  TRANSACTION_SCHEMA_MISSING: 400,
};

/** 401: no bearer token, or one the auth port does not know. */
export const unauthorized = (message = 'A valid bearer token is required.'): DomainError => ({
  code: 'UNAUTHORIZED',
  message,
});

/** 400: the token carries no affiliate context, and this endpoint acts for one affiliate. */
export const affiliateContextRequired = (
  message = 'This endpoint acts for an affiliate; the token has no affiliate context.',
): DomainError => ({ code: 'AFFILIATE_CONTEXT_REQUIRED', message });

/** @example moduleDisabled('ecommerce') */
export const moduleDisabled = (module: string): DomainError => ({
  code: 'MODULE_DISABLED',
  message: `The ${module} module is disabled for this affiliate.`,
});

/** 403: the caller's roles do not include one the route allows. */
export const forbidden = (message = 'Your role is not allowed to call this endpoint.'): DomainError => ({
  code: 'FORBIDDEN',
  message,
});

/**
 * A record that does not exist, or belongs to another affiliate (never leaked as 403).
 *
 * @example notFound('subscription')
 */
export const notFound = (resource: string): DomainError => ({
  code: 'NOT_FOUND',
  message: `The ${resource} was not found.`,
});

/** @example methodNotAllowed(['GET', 'PUT']) */
export const methodNotAllowed = (allowed: readonly string[]): DomainError => ({
  code: 'METHOD_NOT_ALLOWED',
  message: `This path answers ${allowed.join(', ')} only.`,
  headers: { Allow: allowed.join(', ') },
});

/** @example invalidField('renewalDate', 'must be a date in MM-DD-YYYY format') */
export const invalidField = (field: string, problem: string): DomainError => ({
  code: 'INVALID_FIELD',
  message: `${field} ${problem}.`,
  field,
});

/** @example payloadTooLarge('file', 10 * 1024 * 1024) */
export const payloadTooLarge = (field: string, limitBytes: number): DomainError => ({
  code: 'PAYLOAD_TOO_LARGE',
  message: `${field} is larger than the limit of ${limitBytes} bytes.`,
  field,
});

/** @example rateLimited({ 'Retry-After': '12' }) */
export const rateLimited = (headers: Record<string, string>): DomainError => ({
  code: 'RATE_LIMITED',
  message: 'Too many requests; retry after the number of seconds in Retry-After.',
  headers,
});

/** The webhook is disabled, so nothing is sent to it until it is enabled again. */
export const webhookDisabled = (): DomainError => ({
  code: 'WEBHOOK_DISABLED',
  message: 'The webhook is disabled; enable it with PATCH /v2/webhooks/{id}/status first.',
});

/** 409: the processor refuses a payment method that was detached before (docs/api.md §4.4, §7.2). */
export const paymentMethodCannotBeReused = (): DomainError => ({
  code: 'PAYMENT_METHOD_CANNOT_BE_REUSED',
  message: 'This payment method was detached earlier and cannot be attached again; collect a new one.',
});

/** @example paymentMethodAttachmentFailed('Your card was declined.') */
export const paymentMethodAttachmentFailed = (reason: string, cause?: unknown): DomainError => ({
  code: 'PAYMENT_METHOD_ATTACHMENT_FAILED',
  message: `The payment processor refused the payment method: ${reason}`,
  cause,
});

/** @example upstreamUnavailable('case system', err) */
export const upstreamUnavailable = (upstream: string, cause?: unknown): DomainError => ({
  code: 'UPSTREAM_UNAVAILABLE',
  message: `The ${upstream} is unavailable; try again later.`,
  cause,
});

/** True when `value` looks like a {@link DomainError} (structural check, safe across package copies). */
export function isDomainError(value: unknown): value is DomainError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as DomainError).code === 'string' &&
    (value as DomainError).code in errorStatus &&
    typeof (value as DomainError).message === 'string'
  );
}

/** Seconds a client is asked to wait (`Retry-After`) while storage is unreachable. */
export const storageRetryAfterSeconds = 5;

/** 503: storage cannot be reached for now; nothing was written. */
export const storageUnavailable = (cause?: unknown): DomainError => ({
  code: 'STORAGE_UNAVAILABLE',
  message:
    'Storage is unavailable for the moment; nothing was changed. Retry after the seconds in Retry-After.',
  headers: { 'Retry-After': String(storageRetryAfterSeconds) },
  cause,
});

/** Registered, so a second copy of this package recognises the first one's errors. */
const hostErrorBrand = Symbol.for('@affiliate-commerce/core.AffiliateCommerceError');

/**
 * What a host call (`service.commerce.*`, `service.webhooks.*`, `service.affiliates.*`,
 * `service.deliveries.recover`) rejects with when it fails: the same `code` and `status` the HTTP
 * API answers with, the one input `field` at fault when there is one, and for an upstream or
 * storage failure its `cause` (for logs). Recognise it with {@link isAffiliateCommerceError},
 * which works across duplicate copies of this package where `instanceof` does not.
 *
 * @example
 * try {
 *   await service.commerce.setSubscriptionStatus({ affiliateId: 'aff_1', subscriptionId: 'sub_1', status: 'paused' });
 * } catch (error) {
 *   if (isAffiliateCommerceError(error) && error.code === 'NOT_FOUND') return; // nothing to pause
 *   throw error;
 * }
 */
export class AffiliateCommerceError extends Error {
  readonly [hostErrorBrand] = true;
  /** The error code, as in the HTTP error envelope. */
  readonly code: ErrorCode;
  /** The HTTP status the API answers this code with. */
  readonly status: number;
  /** The one input field at fault (`INVALID_FIELD`, `PAYLOAD_TOO_LARGE`), as a dotted path. */
  readonly field?: string;
  /** Seconds to wait before trying again, when the failure says (`RATE_LIMITED`, `STORAGE_UNAVAILABLE`). */
  readonly retryAfterSeconds?: number;

  constructor(error: Pick<DomainError, 'code' | 'message' | 'field' | 'headers' | 'cause'>) {
    super(error.message, error.cause === undefined ? undefined : { cause: error.cause });
    this.name = 'AffiliateCommerceError';
    this.code = error.code;
    this.status = errorStatus[error.code];
    if (error.field !== undefined) this.field = error.field;
    const retryAfter = Number(error.headers?.['Retry-After']);
    if (Number.isFinite(retryAfter) && retryAfter > 0) this.retryAfterSeconds = retryAfter;
  }
}

/** True for an {@link AffiliateCommerceError}, from this copy of the package or another. */
export function isAffiliateCommerceError(value: unknown): value is AffiliateCommerceError {
  return (
    typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[hostErrorBrand] === true
  );
}

/** Registered, so a second copy of this package recognises the first one's errors. */
const storageUnavailableBrand = Symbol.for('@affiliate-commerce/core.StorageUnavailableError');

/**
 * What a storage implementation rejects with when its database cannot be reached: the connection
 * was refused, reset or ended by the server (a restart, a fail-over, a stop), a connection could
 * not be had in time, or the server is starting, shutting down or read-only in recovery. The
 * kernel answers it with 503 `STORAGE_UNAVAILABLE` and `Retry-After`; a worker waits and tries
 * again; a host call rejects with it (an {@link AffiliateCommerceError} with code
 * `STORAGE_UNAVAILABLE`, status 503). Any other rejection of a store is a bug and stays a 500.
 * Recognise it with {@link isStorageUnavailable}, which works across duplicate copies of this package.
 *
 * @example
 * // In a store of your own, when the driver reports that the connection failed:
 * throw new StorageUnavailableError('the database refused the connection', { cause: error });
 */
export class StorageUnavailableError extends AffiliateCommerceError {
  declare readonly code: 'STORAGE_UNAVAILABLE';
  readonly [storageUnavailableBrand] = true;

  constructor(message = 'Storage is unreachable.', options?: { cause?: unknown }) {
    super({ ...storageUnavailable(options?.cause), message });
    this.name = 'StorageUnavailableError';
  }
}

/** True for a {@link StorageUnavailableError}, from this copy of the package or another. */
export function isStorageUnavailable(value: unknown): value is StorageUnavailableError {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[storageUnavailableBrand] === true
  );
}
