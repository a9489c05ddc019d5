/** A bearer token and when it stops being used (shortly before it expires). */
export interface CachedToken {
  readonly token: string;
  readonly usableUntil: number;
}

/**
 * Bearer tokens of the webhooks' token endpoints, kept by the service for every worker it runs,
 * so a token is fetched once per lifetime, not once per delivery. At most `maxEntries` are kept.
 */
export interface ReceiverTokens {
  get(key: string, now: number): string | undefined;
  set(key: string, token: CachedToken): void;
  drop(key: string): void;
}

/** An in-memory {@link ReceiverTokens}. */
export function receiverTokens(maxEntries = 1000): ReceiverTokens {
  const tokens = new Map<string, CachedToken>();
  return {
    get(key, now) {
      const cached = tokens.get(key);
      return cached && cached.usableUntil > now ? cached.token : undefined;
    },
    set(key, token) {
      if (tokens.size >= maxEntries) tokens.delete(tokens.keys().next().value!);
      tokens.set(key, token);
    },
    drop(key) {
      tokens.delete(key);
    },
  };
}
