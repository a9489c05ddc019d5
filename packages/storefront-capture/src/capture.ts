/**
 * The storefront capture: reads the page once, and sends the capture the way docs/api.md §4.9 says, with
 * the template view and with journey creation. Nothing here throws into the host page.
 */
import { type CaptureWindow, pageParams, strippedUrl } from './page';
import { persistentVisitor, randomId, type Visitor, type VisitTrack } from './visitor';

/**
 * Options of {@link createCapture}.
 *
 * @example
 * const options: CaptureOptions = { baseUrl: 'https://api.example.com', consent: () => cmp.accepted('ads') };
 */
export interface CaptureOptions {
  /** Where the service is mounted, without a trailing slash: `https://api.example.com`. */
  readonly baseUrl: string;
  /**
   * Consent to ad click ids, the `_fbp`/`_fbc` cookies and a stored visitor id; true when absent.
   * A function is asked at each collect. `navigator.globalPrivacyControl` turns it off whatever
   * this says.
   */
  readonly consent?: boolean | (() => boolean);
  /** The affiliate's campaign id; else the page's `campaignId` query param, if any. */
  readonly campaignId?: string;
  /** Told about every swallowed error: network, HTTP status, storage, a throwing consent function. */
  readonly onError?: (error: unknown) => void;
}

/**
 * One capture, as sent: the top-level fields of docs/api.md §4.9 and the `attribution` JSON.
 *
 * @example
 * const capture: Capture = { visitorId: 'c0ffee00c0ffee00', track: 'first', attribution: { visitorId: 'c0ffee00c0ffee00', track: 'first', params: { utm_source: 'x' } } };
 */
export interface Capture {
  readonly landing_url?: string;
  readonly referrer_url?: string;
  readonly campaignId?: string;
  readonly visitorId: string;
  readonly track?: VisitTrack;
  readonly attribution: {
    readonly track?: VisitTrack;
    readonly visitorId: string;
    readonly params: Readonly<Record<string, string>>;
  };
}

/**
 * A capture bound to one page view.
 *
 * @example
 * const template = await storefront.loadTemplate('start');
 */
export interface StorefrontCapture {
  /** The capture this page view would send, without sending it. */
  collect(): Capture;
  /**
   * `GET {baseUrl}/v2/journeyTemplates/{slug}/frontend` with the capture in the query; the
   * template JSON, or `undefined` when the call failed (reported to `onError`).
   */
  loadTemplate(slug: string): Promise<unknown>;
  /**
   * `POST {baseUrl}/journeys` with `body` and the capture; the new journey's id (`data.id`, or
   * `id`), or `undefined` when the call failed (reported to `onError`). The capture is the one already sent with the template, so the service counts
   * this page view once.
   */
  createJourney(body?: Readonly<Record<string, unknown>>): Promise<string | undefined>;
}

/**
 * Starts capturing for this page view: the URL and referrer are read now, so later client-side
 * navigation does not change what the view reports. `win` is the window to read, `window` by
 * default.
 *
 * @example
 * const storefront = createCapture({ baseUrl: 'https://api.example.com', onError: console.warn });
 * const template = await storefront.loadTemplate('start');
 * const journeyId = await storefront.createJourney({ templateSlug: 'start' });
 */
export const createCapture = (
  options: CaptureOptions,
  win: CaptureWindow = globalThis as unknown as CaptureWindow,
): StorefrontCapture => {
  const report = (error: unknown): undefined => {
    try {
      options.onError?.(error);
    } catch {}
  };
  const attempt = <T>(read: () => T, fallback: T): T => {
    try {
      return read();
    } catch (error) {
      report(error);
      return fallback;
    }
  };
  const href = win.location.href;
  const referrer = win.document.referrer;
  const query = attempt(() => new URL(href).searchParams, new URLSearchParams());
  let pageOnly: Visitor | undefined;
  let stored: Visitor | undefined;
  let sent: Capture | undefined;

  const collect = (): Capture => {
    const given = options.consent;
    const consent = attempt(
      () =>
        (typeof given === 'function' ? given() : given) !== false &&
        win.navigator?.globalPrivacyControl !== true,
      false,
    );
    if (consent) stored ??= attempt(() => persistentVisitor(win), undefined);
    if (!(consent && stored)) pageOnly ??= { id: randomId(win) };
    const visitor = ((consent && stored) || pageOnly)!;
    const attribution = {
      track: visitor.track,
      visitorId: visitor.id,
      params: pageParams(query, consent ? attempt(() => win.document.cookie, '') : '', consent),
    };
    // A JSON round trip drops the fields left undefined: keys never captured are not sent.
    return JSON.parse(
      JSON.stringify({
        landing_url: strippedUrl(href),
        referrer_url: strippedUrl(referrer),
        campaignId: options.campaignId ?? query.get('campaignId') ?? undefined,
        visitorId: visitor.id,
        track: visitor.track,
        attribution,
      }),
    );
  };

  // The request is built inside the try too: a lone surrogate in a slug or a BigInt in a body throws.
  const call = async (request: () => [path: string, init?: RequestInit]): Promise<unknown> => {
    try {
      const [path, init] = request();
      const response = await win.fetch(options.baseUrl + path, { credentials: 'omit', ...init });
      if (!response.ok) throw new Error(`${response.status} from ${path}`);
      return await response.json();
    } catch (error) {
      return report(error);
    }
  };

  return {
    collect,
    loadTemplate: (slug) =>
      call(() => {
        sent = collect();
        const fields = new URLSearchParams({ ...sent, attribution: JSON.stringify(sent.attribution) } as {});
        return [`/v2/journeyTemplates/${encodeURIComponent(slug)}/frontend?${fields}`];
      }),
    createJourney: async (body) => {
      const answer = (await call(() => {
        const { landing_url, referrer_url, visitorId, attribution } = sent ?? collect();
        return [
          '/journeys',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ landing_url, referrer_url, visitorId, attribution, ...body }),
          },
        ];
      })) as { id?: unknown; data?: { id?: unknown } } | undefined;
      const id = answer?.data?.id ?? answer?.id;
      return typeof id === 'string' ? id : undefined;
    },
  };
};
