/**
 * What the snippet reads from the page. The service filters authoritatively; these rules only keep
 * the browser from sending what the service would drop (docs/api.md §2.8 rule 4, §8.2, in tiny form).
 */

/** The window surface the snippet uses; a real `window`, or a hand-made one in tests. */
export interface CaptureWindow {
  readonly location: { readonly href: string };
  readonly document: { readonly referrer: string; cookie: string };
  readonly navigator?: { readonly globalPrivacyControl?: boolean | undefined } | undefined;
  readonly localStorage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  readonly crypto: Pick<Crypto, 'randomUUID'>;
  readonly fetch: typeof fetch;
}

/** Campaign tags, kept with or without consent: they name a campaign, not a person. */
const tagKeys = / utm_(source|medium|campaign|content|term|id) /;
/** Ad click ids and the Meta cookies: per-person identifiers, kept only with consent. */
const consentKeys =
  / (gclid|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|sccid|epik|rdt_cid|irclickid|li_fat_id|fbp|fbc) /;

/**
 * The URL as a touch stores it: http(s) only, no credentials, query or fragment (docs/api.md §8.2), else
 * `undefined`. The 1024-character limit is left to the service, which drops longer ones.
 */
export const strippedUrl = (raw: string): string | undefined => {
  try {
    const url = new URL(raw);
    return url.protocol.startsWith('http') ? url.origin + url.pathname : undefined;
  } catch {}
};

/** A cookie's raw value, or `undefined`. */
export const readCookie = (cookies: string, name: string): string | undefined =>
  cookies.match(new RegExp(`(?:^|; *)${name}=([^;]*)`))?.[1];

/**
 * The params bag of this page view: the `_fbp`/`_fbc` cookies as `fbp`/`fbc` and click ids only
 * with consent; utm and `svc_*` tags always. Keys matched case-insensitively and kept as sent,
 * first one wins, at most 25; values printable ASCII, 1 to 512 characters.
 */
export const pageParams = (
  query: URLSearchParams,
  cookies: string,
  consent: boolean,
): Record<string, string> => {
  const pairs: [string, string | undefined][] = [
    ['fbp', readCookie(cookies, '_fbp')],
    ['fbc', readCookie(cookies, '_fbc')],
    ...query,
  ];
  const params: Record<string, string> = {};
  const seen: string[] = [];
  for (const [key, value = ''] of pairs) {
    const lower = key.toLowerCase();
    const spaced = ` ${lower} `;
    if (
      seen.length < 25 &&
      !seen.includes(lower) &&
      /^[\w-]+$/.test(key) &&
      /^[ -~]{1,512}$/.test(value) &&
      (lower.startsWith('svc_') || tagKeys.test(spaced) || (consent && consentKeys.test(spaced)))
    ) {
      seen.push(lower);
      params[key] = value;
    }
  }
  return params;
};
