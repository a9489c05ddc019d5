/**
 * The storefront capture as it arrives (docs/api.md §4.9): in the query of
 * `GET /v2/journeyTemplates/{slug}/frontend` and in the JSON body of `POST /journeys`. Both parse
 * to one normalised {@link StorefrontCapture}; junk is dropped, never an error, so the journey
 * always loads.
 */
import { filterParams, type ParamBag, type ParamSource } from './param-filter';
import { sanitizeTouchUrl, urlLimits } from './url-sanitizer';

/** `first` on a browser's first visit, `repeat` once it has been seen (docs/decisions/attribution.md). */
export type VisitTrack = 'first' | 'repeat';

/**
 * One normalised storefront capture: URLs sanitized, params filtered, ids checked. Fields that did
 * not arrive, or arrived unusable, are absent.
 */
export interface StorefrontCapture {
  readonly landingUrl?: string;
  readonly referrerUrl?: string;
  readonly params: ParamBag;
  readonly visitorId?: string;
  readonly track?: VisitTrack;
  readonly campaignId?: string;
}

/** A request query: `URLSearchParams`, its string form, pairs, or a framework's parsed object. */
export type QueryInput =
  | URLSearchParams
  | string
  | Iterable<readonly [string, string]>
  | Readonly<Record<string, unknown>>;

/** Bounds the JSON parsed from an `attribution` field; the real payload is well under 4 KiB. */
export const maxAttributionJsonLength = 16_384;

const idPattern = /^[A-Za-z0-9._:-]{1,128}$/;
const campaignIdPattern = /^[\x20-\x7e]{1,128}$/;

type Fields = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const firstString = (value: unknown): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
};

const queryFields = (query: QueryInput): Map<string, string> => {
  const fields = new Map<string, string>();
  const pairs: Iterable<readonly [string, unknown]> =
    typeof query === 'string'
      ? new URLSearchParams(query)
      : Symbol.iterator in query
        ? (query as Iterable<readonly [string, unknown]>)
        : Object.entries(query);
  for (const pair of pairs) {
    if (!Array.isArray(pair)) continue;
    const value = firstString(pair[1]);
    if (typeof pair[0] === 'string' && value !== undefined && !fields.has(pair[0]))
      fields.set(pair[0], value);
  }
  return fields;
};

/** The `attribution` field as an object, from a JSON string or an object; anything else is none. */
const attributionObject = (value: unknown): Fields => {
  if (isRecord(value)) return value;
  const text = firstString(value);
  if (text === undefined || text.length > maxAttributionJsonLength) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
};

const queryOfUrl = (raw: string | undefined): URLSearchParams | undefined => {
  if (raw === undefined || raw.length > urlLimits.maxRawLength) return undefined;
  try {
    return new URL(raw).searchParams;
  } catch {
    return undefined;
  }
};

const pick = (...candidates: unknown[]): string | undefined => {
  for (const candidate of candidates) {
    const value = firstString(candidate);
    if (value !== undefined) return value;
  }
  return undefined;
};

const asTrack = (value: string | undefined): VisitTrack | undefined => {
  const lower = value?.toLowerCase();
  return lower === 'first' || lower === 'repeat' ? lower : undefined;
};

const matching = (value: string | undefined, pattern: RegExp): string | undefined =>
  value !== undefined && pattern.test(value) ? value : undefined;

interface RawCapture {
  readonly landingUrl: string | undefined;
  readonly referrerUrl: string | undefined;
  readonly visitorId: unknown;
  readonly track: unknown;
  readonly campaignId: unknown;
  readonly attribution: unknown;
  readonly extraParams?: ParamSource;
}

const normalise = (raw: RawCapture): StorefrontCapture => {
  const attribution = attributionObject(raw.attribution);
  const params = filterParams(
    isRecord(attribution.params) ? attribution.params : undefined,
    attribution,
    raw.extraParams,
    queryOfUrl(raw.landingUrl),
  );
  const landingUrl = sanitizeTouchUrl(raw.landingUrl);
  const referrerUrl = sanitizeTouchUrl(raw.referrerUrl);
  const visitorId = matching(pick(raw.visitorId, attribution.visitorId), idPattern);
  const track = asTrack(pick(raw.track, attribution.track));
  const campaignId = matching(pick(raw.campaignId, attribution.campaignId), campaignIdPattern);
  return {
    ...(landingUrl === undefined ? {} : { landingUrl }),
    ...(referrerUrl === undefined ? {} : { referrerUrl }),
    params,
    ...(visitorId === undefined ? {} : { visitorId }),
    ...(track === undefined ? {} : { track }),
    ...(campaignId === undefined ? {} : { campaignId }),
  };
};

/**
 * Parses the query of `GET /v2/journeyTemplates/{slug}/frontend`: `landing_url`, `referrer_url`,
 * `campaignId`, `visitorId`, `track`, and `attribution` as JSON (`{ track, visitorId, params }`).
 * Campaign tags are taken, first one winning, from `attribution.params`, then accepted keys at the
 * top of `attribution`, then accepted keys of the query itself, then the query of `landing_url`.
 * Top-level `visitorId` and `track` win over the ones inside `attribution`.
 */
export const parseTemplateViewQuery = (query: QueryInput): StorefrontCapture => {
  const fields = queryFields(query);
  return normalise({
    landingUrl: fields.get('landing_url'),
    referrerUrl: fields.get('referrer_url'),
    visitorId: fields.get('visitorId'),
    track: fields.get('track'),
    campaignId: fields.get('campaignId'),
    attribution: fields.get('attribution'),
    extraParams: fields,
  });
};

/**
 * Parses the capture fields of a `POST /journeys` JSON body: `landing_url`, `referrer_url`,
 * `visitorId`, and `attribution` as an object or a JSON string. Tags come from
 * `attribution.params`, then accepted keys at the top of `attribution`, then the query of
 * `landing_url`. Other body fields are ignored here; a body that is not an object is an empty
 * capture.
 */
export const parseJourneyBody = (body: unknown): StorefrontCapture => {
  const fields = isRecord(body) ? body : {};
  return normalise({
    landingUrl: firstString(fields.landing_url),
    referrerUrl: firstString(fields.referrer_url),
    visitorId: fields.visitorId,
    track: fields.track,
    campaignId: fields.campaignId,
    attribution: fields.attribution,
  });
};
