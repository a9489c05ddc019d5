/**
 * The attribution aggregate of docs/api.md §2.8: a first touch written once, a last touch replaced whole
 * on every later touch, and the number of touches, for one storefront visitor.
 */
import { filterParams, type ParamBag, type ParamSource } from './param-filter';
import { sanitizeTouchUrl } from './url-sanitizer';

/**
 * One stored touch (docs/api.md §2.8). Keys never stored are omitted, never null; `params` is always
 * present and may be empty.
 */
export interface Touch {
  /** ISO 8601 instant of the capture, from the service clock. */
  readonly captured_at: string;
  /** Query-stripped http(s) landing page; omitted when not sent. */
  readonly landing_url?: string;
  /** Query-stripped http(s) referrer; omitted when empty. */
  readonly referrer_url?: string;
  readonly params: ParamBag;
}

/** The `attribution` object carried by journeys, orders, renewals and their webhook payloads. */
export interface Attribution {
  /** First touch: written once, never overwritten. */
  readonly first: Touch;
  /** Latest touch: replaced whole on every later touch. */
  readonly last: Touch;
  /** Number of stored touches. */
  readonly touch_count: number;
  /** Storefront visitor id; omitted when the storefront sent none. */
  readonly visitor_id?: string;
}

/**
 * What a storefront sent for one touch. URLs may be raw and params unfiltered: the aggregate
 * sanitizes and filters again, so a touch holds to docs/api.md §8.2 whoever built the input.
 */
export interface TouchCapture {
  readonly landingUrl?: string | undefined;
  readonly referrerUrl?: string | undefined;
  readonly params?: ParamSource | undefined;
}

/** The clock value and visitor a touch is recorded for. */
export interface TouchContext {
  /** The service clock's current instant. */
  readonly now: Date;
  readonly visitorId?: string | undefined;
}

/**
 * The most a stored touch's params may take, counted as the characters of their keys and values.
 * The per-param limits of docs/api.md §8.2 alone allow 25 × (128 + 512) characters, which let one anonymous
 * request store about 16 kB a touch, several times over (visitor, journey, events); real tags
 * and click ids take a few hundred. Params past the budget are dropped like any excess param.
 */
export const maxTouchParamChars = 4_096;

function withinBudget(params: ParamBag): ParamBag {
  let used = 0;
  const kept: [string, string][] = [];
  for (const [key, value] of Object.entries(params)) {
    used += key.length + value.length;
    if (used > maxTouchParamChars) break;
    kept.push([key, value]);
  }
  return kept.length === Object.keys(params).length ? params : Object.fromEntries(kept);
}

/**
 * The touch a capture makes, or `undefined` when it is no touch: no accepted param and no URL
 * that can be stored (docs/api.md §2.8 rule 7). Params keep the limits of §8.2 and, together,
 * `maxTouchParamChars`.
 */
export const toTouch = (capture: TouchCapture, now: Date): Touch | undefined => {
  if (Number.isNaN(now.getTime())) {
    throw new TypeError('@affiliate-commerce/core: touch clock value is an invalid Date');
  }
  const params = withinBudget(filterParams(capture.params));
  const landingUrl = sanitizeTouchUrl(capture.landingUrl);
  const referrerUrl = sanitizeTouchUrl(capture.referrerUrl);
  if (landingUrl === undefined && referrerUrl === undefined && Object.keys(params).length === 0) {
    return undefined;
  }
  return {
    captured_at: now.toISOString(),
    ...(landingUrl === undefined ? {} : { landing_url: landingUrl }),
    ...(referrerUrl === undefined ? {} : { referrer_url: referrerUrl }),
    params,
  };
};

/**
 * Records one touch. The first touch ever becomes both `first` and `last`; every later touch
 * replaces `last` whole (so `last.params` holds a click id only if that touch had one) and counts.
 * A capture that is no touch leaves the attribution as it was, and nothing captured at all means
 * no attribution object.
 */
export function applyTouch(current: Attribution, capture: TouchCapture, context: TouchContext): Attribution;
export function applyTouch(
  current: Attribution | undefined,
  capture: TouchCapture,
  context: TouchContext,
): Attribution | undefined;
export function applyTouch(
  current: Attribution | undefined,
  capture: TouchCapture,
  context: TouchContext,
): Attribution | undefined {
  const touch = toTouch(capture, context.now);
  return touch === undefined ? current : append(current, touch, context.visitorId);
}

const append = (
  current: Attribution | undefined,
  touch: Touch,
  visitorId: string | undefined,
): Attribution => {
  const visitor = current?.visitor_id ?? (visitorId === '' ? undefined : visitorId);
  return {
    first: current?.first ?? touch,
    last: touch,
    touch_count: (current?.touch_count ?? 0) + 1,
    ...(visitor === undefined ? {} : { visitor_id: visitor }),
  };
};

/**
 * Whether two touches carry the same landing page, referrer and params, whatever their
 * `captured_at`; used to tell a resent capture from a new touch.
 */
export const sameTouch = (a: Touch, b: Touch): boolean =>
  a.landing_url === b.landing_url && a.referrer_url === b.referrer_url && sameBag(a.params, b.params);

const sameBag = (a: ParamBag, b: ParamBag): boolean => {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key])
  );
};

/**
 * The attribution a new journey starts with (docs/api.md §4.9): the visitor's stored touches, joined by
 * visitor id. The capture sent with `POST /journeys` is recorded as a touch only when it differs
 * from the visitor's last touch, so a storefront that resends the capture of the page view it
 * already reported with the template does not count that view twice, and a journey whose
 * template view was never recorded still gets its touch.
 */
export const journeyAttribution = (
  visitor: Attribution | undefined,
  capture: TouchCapture,
  context: TouchContext,
): Attribution | undefined => {
  const touch = toTouch(capture, context.now);
  if (touch === undefined) return visitor;
  if (visitor !== undefined && sameTouch(visitor.last, touch)) return visitor;
  return append(visitor, touch, context.visitorId);
};
