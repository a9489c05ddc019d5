/**
 * The nested shapes of v2 payloads, each with its own allowlist: product lines (docs/api.md §2.7), the
 * attribution object and its touches and params (docs/api.md §2.8), and an order's status transition.
 */
import { isAcceptedKey, isAcceptedValue, paramLimits } from '../attribution/param-filter';
import { sanitizeTouchUrl } from '../attribution/url-sanitizer';
import { isBlockedKey } from './blocklist';
import { boolean, cents, code, count, id, isRecord, type Project, shapeOf, timestamp } from './field-types';

/** The keys of a product line, in delivery order (docs/api.md §2.7). */
export const productLineFields = [
  'product_variation_id',
  'quantity',
  'unit_price_cents',
  'is_addon',
] as const;

/**
 * One product line `{ product_variation_id, quantity, unit_price_cents, is_addon }` (docs/api.md §2.7),
 * from the snake_case wire names or the camelCase names of a stored order. A line needs its
 * product variation and an integer unit price; an absent quantity is 1 and an absent `is_addon`
 * false, but a present value of the wrong type drops the line rather than being guessed.
 * Display names are never delivered.
 */
export const productLine: Project = (value) => {
  if (!isRecord(value)) return undefined;
  const variation = id(value.product_variation_id ?? value.productVariationId);
  const price = cents(value.unit_price_cents ?? value.unitPriceCents);
  if (variation === undefined || price === undefined) return undefined;
  const rawQuantity = value.quantity;
  const quantity = rawQuantity === undefined || rawQuantity === null ? 1 : count(rawQuantity);
  const rawAddon = value.is_addon ?? value.isAddon;
  const addon = rawAddon === undefined || rawAddon === null ? false : boolean(rawAddon);
  if (quantity === undefined || addon === undefined) return undefined;
  return { product_variation_id: variation, quantity, unit_price_cents: price, is_addon: addon };
};

/** Product lines: lines that cannot be delivered are left out (see {@link productLine}). */
export const productLines: Project = (value) => {
  if (!Array.isArray(value)) return undefined;
  const out: unknown[] = [];
  for (const line of value) {
    const projected = productLine(line);
    if (projected !== undefined) out.push(projected);
  }
  return out.length > 0 || value.length === 0 ? out : undefined;
};

// Stored touches hold URLs already stripped; only another value pays for a parse.
const strippedUrl = /^https?:\/\/[^\s/?#@\\]+(?:\/[^\s?#]*)?$/i;

/** `landing_url` / `referrer_url`: query-stripped http(s), no credentials, query or fragment (docs/api.md §2.8). */
export const touchUrl: Project = (value) =>
  typeof value === 'string' && value.length <= 1024 && strippedUrl.test(value)
    ? value
    : sanitizeTouchUrl(value);

/** Verdicts on param keys: the folded key when it may be delivered, false when it may not. */
const paramKeyVerdicts = new Map<string, string | false>();
const maxCachedParamKeys = 1024;

/**
 * Whether a param key may be delivered: accepted by docs/api.md §2.8 rule 4, and naming no sensitive data
 * judged on the whole key as written (`svc_email` and `svcAuthToken` do). Stored bags repeat the
 * same few keys, so each key is judged once.
 */
function paramKeyVerdict(key: string): string | false {
  const cached = paramKeyVerdicts.get(key);
  if (cached !== undefined) return cached;
  const verdict = isAcceptedKey(key) && !isBlockedKey(key) ? key.toLowerCase() : false;
  if (paramKeyVerdicts.size >= maxCachedParamKeys) paramKeyVerdicts.clear();
  paramKeyVerdicts.set(key, verdict);
  return verdict;
}

/**
 * The params bag of a touch: the keys and values docs/api.md §2.8 rule 4 and §8.2 accept, exactly as
 * stored (rule 6), less any key that names sensitive data (docs/api.md §6.2's blocklist holds on this
 * allowlisted path too). A key repeated in another letter case keeps its first value; at most 25
 * keys. Always an object when the touch has one, possibly empty.
 */
export const params: Project = (value) => {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  let folded: string[] | undefined;
  let kept = 0;
  for (const key of Object.keys(value)) {
    const raw = value[key];
    if (typeof raw !== 'string') continue;
    const verdict = paramKeyVerdict(key);
    if (verdict === false || !isAcceptedValue(raw)) continue;
    if (folded === undefined) folded = [verdict];
    else if (folded.includes(verdict)) continue;
    else folded.push(verdict);
    out[key] = raw;
    kept += 1;
    if (kept >= paramLimits.maxKeys) break;
  }
  return out;
};

/** One touch of docs/api.md §2.8; a touch without a valid `captured_at` is omitted. */
export const touch: Project = shapeOf({
  fields: { captured_at: timestamp, landing_url: touchUrl, referrer_url: touchUrl, params },
  required: ['captured_at'],
});

/**
 * The attribution object of docs/api.md §2.8: `first`, `last`, `touch_count`, `visitor_id`, each omitted
 * when not stored (never null); the whole object omitted when nothing is left (rule 1).
 */
export const attribution: Project = shapeOf({
  fields: { first: touch, last: touch, touch_count: count, visitor_id: id },
});

/** An order's status transition: `{ from, to }`, enum-like values only. */
export const statusTransition: Project = shapeOf({ fields: { from: code, to: code } });

/** The declared keys of every nested shape, for tests and documentation. */
export const nestedShapeKeys = {
  products: productLineFields,
  attribution: ['first', 'last', 'touch_count', 'visitor_id'],
  touch: ['captured_at', 'landing_url', 'referrer_url', 'params'],
  status_transition: ['from', 'to'],
} as const;
