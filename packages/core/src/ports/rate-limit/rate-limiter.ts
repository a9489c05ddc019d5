/** The outcome of taking one request from a bucket. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** When the current window ends. */
  readonly resetAt: Date;
  /** Seconds to wait before the next request is allowed (only when refused). */
  readonly retryAfterSeconds?: number;
}

/**
 * The rate-limit port. Buckets are named by the route table (`rateLimit: { bucket }`); the key is
 * the caller (user id), so every user has their own counter per bucket.
 */
export interface RateLimiter {
  consume(input: { bucket: string; key: string }): Promise<RateLimitDecision>;
}

/** One bucket's budget: `points` requests per `durationSeconds`. */
export interface BucketLimit {
  readonly points: number;
  readonly durationSeconds: number;
}

/**
 * docs/api.md §8.1: respond and attachment share one counter of 10 requests per minute per user.
 * The public storefront routes are counted per client (the host's `clientKey`, by default the
 * remote address): a template view per page load, a journey per "Start", with room for many
 * visitors behind one address (an office, a mobile carrier's NAT).
 */
export const defaultBuckets: Readonly<Record<string, BucketLimit>> = {
  'case-replies': { points: 10, durationSeconds: 60 },
  'storefront-views': { points: 300, durationSeconds: 60 },
  'storefront-journeys': { points: 60, durationSeconds: 60 },
  // sendExample writes an event and a delivery per call: a portal's button, not a load generator.
  'webhook-examples': { points: 30, durationSeconds: 60 },
  // The JWKS document is cacheable: a receiver fetches it at start and on a key it does not know.
  'webhook-keys': { points: 120, durationSeconds: 60 },
};

/**
 * The `X-RateLimit-*` headers of a decision, plus `Retry-After` when refused. `X-RateLimit-Reset`
 * is the Unix time in seconds when the window resets (GitHub's convention).
 *
 * @example
 * rateLimitHeaders(decision) // { 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '9', ... }
 */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(Math.max(0, decision.remaining)),
    'X-RateLimit-Reset': String(Math.ceil(decision.resetAt.getTime() / 1000)),
    ...(decision.allowed ? {} : { 'Retry-After': String(Math.max(1, decision.retryAfterSeconds ?? 1)) }),
  };
}
