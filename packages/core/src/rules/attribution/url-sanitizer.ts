/**
 * `landing_url` and `referrer_url` of a touch (docs/api.md §2.8, §8.2): http or https only, with no
 * credentials, query or fragment, at most 1024 characters. A URL that cannot be kept is dropped,
 * never truncated and never an error.
 */

/**
 * URL limits of docs/api.md §8.2. `maxLength` applies to the stripped URL, the one that would be stored;
 * `maxRawLength` only bounds the work spent on a raw input (docs/decisions/attribution.md).
 */
export const urlLimits = { maxLength: 1024, maxRawLength: 8192 } as const;

/**
 * The URL as a touch stores it, or `undefined` when it cannot be stored: not a string, empty,
 * relative, another scheme, or over 1024 characters once stripped. The result is the WHATWG
 * serialisation (lower-case scheme and host, default port dropped, path percent-encoded).
 */
export const sanitizeTouchUrl = (raw: unknown): string | undefined => {
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > urlLimits.maxRawLength) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  url.username = '';
  url.password = '';
  url.search = '';
  url.hash = '';
  const stripped = url.href;
  return stripped.length <= urlLimits.maxLength ? stripped : undefined;
};
