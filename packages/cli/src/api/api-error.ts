/** Why a call to the API failed: its error envelope, an HTTP status without one, or no answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when no answer came (refused, reset, timed out, DNS). */
  readonly status: number;
  /** The envelope's `error.code`, `HTTP_<status>` without an envelope, `UNREACHABLE` without an answer. */
  readonly code: string;
  /** The envelope's `error.field`, when it names one. */
  readonly field: string | undefined;
  /** `Retry-After` in milliseconds, when the answer carried one (429, 503). */
  readonly retryAfterMs: number | undefined;

  constructor(input: {
    status: number;
    code: string;
    message: string;
    field?: string | undefined;
    retryAfterMs?: number | undefined;
    cause?: unknown;
  }) {
    super(input.message, input.cause === undefined ? undefined : { cause: input.cause });
    this.status = input.status;
    this.code = input.code;
    this.field = input.field;
    this.retryAfterMs = input.retryAfterMs;
  }

  /** No answer, a 408, a 429 or a 5xx: the same call may succeed later. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** `404 NOT_FOUND: webhook not found (field: id)`, or the network error alone. */
  describe(): string {
    // The API's messages often start with the field's name already ("types names no ...").
    const field = this.field && !this.message.startsWith(this.field) ? ` (field: ${this.field})` : '';
    return this.status === 0 ? this.message : `${this.status} ${this.code}: ${this.message}${field}`;
  }
}

/** `Retry-After` as milliseconds: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The message of a failed `fetch`: its cause's (`connect ECONNREFUSED 127.0.0.1:3000`), not "fetch failed". */
export function networkMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timed out';
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof AggregateError && cause.errors[0] instanceof Error) return cause.errors[0].message;
  if (cause instanceof Error && cause.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** Whether a failed `fetch` never reached a listening socket (every address refused the connection). */
export function isConnectionRefused(error: unknown): boolean {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown; errors?: unknown } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return true;
  return (
    Array.isArray(cause?.errors) &&
    cause.errors.length > 0 &&
    cause.errors.every((inner: { code?: unknown }) => inner?.code === 'ECONNREFUSED')
  );
}
