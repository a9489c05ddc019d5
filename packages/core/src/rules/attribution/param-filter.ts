/**
 * The attribution params bag (docs/api.md §2.8 rules 4 to 6, §8.2): which keys are accepted, and the
 * limits every stored bag satisfies. Invalid or excess entries are dropped silently, never an error,
 * so a storefront with junk in its query still loads its journey.
 */

/** An accepted, limited bag of campaign tags, click ids and `svc_*` keys; keys exactly as sent. */
export type ParamBag = Readonly<Record<string, string>>;

/** Pairs from a query (`URLSearchParams`, `Map`, `[key, value][]`) or a parsed JSON object. */
export type ParamSource = Iterable<readonly [string, unknown]> | Readonly<Record<string, unknown>>;

/**
 * The limits of docs/api.md §8.2 on the params bag, with the key length chosen in
 * docs/decisions/attribution.md.
 */
export const paramLimits = {
  maxKeys: 25,
  maxValueLength: 512,
  maxKeyLength: 128,
} as const;

/** The ad click ids of docs/api.md §2.8 rule 4, in lower case. */
export const clickIdKeys: readonly string[] = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'sccid',
  'epik',
  'rdt_cid',
  'irclickid',
  'li_fat_id',
];

/** Unprefixed keys docs/api.md §2.8 rule 4 accepts, in lower case: utm tags, click ids, Meta cookies. */
const acceptedKeys: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'utm_id',
  ...clickIdKeys,
  'fbp',
  'fbc',
]);

const keyPattern = /^[a-zA-Z0-9_-]+$/;
const printableAscii = /^[\x20-\x7e]+$/;
const specialSchemes: ReadonlySet<string> = new Set(['http:', 'https:', 'ftp:', 'ws:', 'wss:', 'file:']);

/**
 * The bag never holds URLs (docs/api.md §2.8): a value is one when a browser would navigate to it as a
 * link, that is protocol-relative (`//host`), or absolute with a host or a web scheme
 * (`https:host` parses too), or when it starts with a web scheme at all (`WS:`, which does not
 * parse). `spring:sale` parses as a URL of scheme `spring:` with no host and stays a tag.
 */
const isUrl = (value: string): boolean => {
  if (/^\s*[\\/]{2}/.test(value)) return true;
  // A web scheme refuses the value even when the rest does not parse (`ws:` alone, `HTTPS:`).
  if (/^\s*(?:https?|ftp|wss?|file):/i.test(value)) return true;
  if (!value.includes(':')) return false;
  try {
    const url = new URL(value);
    return url.host !== '' || specialSchemes.has(url.protocol);
  } catch {
    return false;
  }
};

/**
 * Whether docs/api.md §2.8 rule 4 accepts this key: any `svc_` key, the six utm keys, the click ids, and
 * `fbp`/`fbc`, all matched case-insensitively, within the key pattern of docs/api.md §8.2 (no dots).
 */
export const isAcceptedKey = (key: string): boolean => {
  if (key.length > paramLimits.maxKeyLength || !keyPattern.test(key)) return false;
  const lower = key.toLowerCase();
  return lower.startsWith('svc_') || acceptedKeys.has(lower);
};

/**
 * Whether a value may be stored: a non-empty string of printable ASCII (space through tilde) of at
 * most 512 characters that is not a URL.
 */
export const isAcceptedValue = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= paramLimits.maxValueLength &&
  printableAscii.test(value) &&
  !isUrl(value);

const isIterable = (source: ParamSource): source is Iterable<readonly [string, unknown]> =>
  typeof (source as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';

const pairsOf = (source: ParamSource): Iterable<readonly [unknown, unknown]> =>
  isIterable(source) ? source : Object.entries(source);

/**
 * Keeps the accepted entries of one or more sources, in order, as one bag within the limits of
 * docs/api.md §8.2: keys stored exactly as sent, a key repeated in any letter case keeps its first accepted
 * value, at most 25 keys. Prefixed and unprefixed keys (`svc_utm_source`, `utm_source`) are
 * different keys and both kept (rule 5). Anything else is dropped without an error.
 */
export const filterParams = (...sources: ReadonlyArray<ParamSource | null | undefined>): ParamBag => {
  const kept = new Map<string, readonly [string, string]>();
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const pair of pairsOf(source)) {
      if (kept.size >= paramLimits.maxKeys) break;
      if (!Array.isArray(pair)) continue;
      const [key, value] = pair as readonly [unknown, unknown];
      if (typeof key !== 'string' || !isAcceptedKey(key) || !isAcceptedValue(value)) continue;
      const folded = key.toLowerCase();
      if (!kept.has(folded)) kept.set(folded, [key, value]);
    }
  }
  return Object.fromEntries(kept.values());
};
