/** The error envelope every API error answers with (packages/core http/schemas.ts). */
export interface ApiFailure {
  readonly status: number;
  readonly code: string;
  readonly message: string;
  readonly field?: string;
}

/** One answer: `data` on success, the error otherwise. */
export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly error: ApiFailure };

/** The calls the portal makes: the API's own paths, with the affiliate's bearer token. */
export interface ApiClient {
  readonly call: <T>(method: string, path: string, body?: unknown) => Promise<ApiResult<T>>;
  /** A GET whose answer is a file (the coupon report's CSV form). */
  readonly download: (path: string) => Promise<ApiResult<Blob>>;
}

const networkFailure = (error: unknown): ApiFailure => ({
  status: 0,
  code: 'NETWORK_ERROR',
  message: `The API could not be reached (${error instanceof Error ? error.message : String(error)}).`,
});

async function failureOf(response: Response): Promise<ApiFailure> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string; field?: string } };
    const error = body.error ?? {};
    return {
      status: response.status,
      code: error.code ?? `HTTP_${response.status}`,
      message: error.message ?? response.statusText,
      ...(error.field ? { field: error.field } : {}),
    };
  } catch {
    return { status: response.status, code: `HTTP_${response.status}`, message: response.statusText };
  }
}

/**
 * The API's base as an absolute URL without a trailing slash: `base` (an absolute URL or a path
 * such as `/api`) resolved against the document, so its path is kept; the document's origin
 * when `base` is empty. Throws a TypeError for anything but http(s) with no query or fragment.
 *
 * @example
 * resolveApiBase('/api', 'https://shop.example.com/portal') // 'https://shop.example.com/api'
 */
export function resolveApiBase(base: string | null | undefined, documentUrl: string): string {
  const given = base?.trim() || '/';
  let url: URL;
  try {
    url = new URL(given, documentUrl);
  } catch {
    throw new TypeError(`base-url must be a URL or a path such as /api; got ${JSON.stringify(given)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new TypeError(
      `base-url must be an http(s) URL or path with no query, fragment or credentials; got ${JSON.stringify(given)}`,
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * An API path under the base, keeping the base's own path: `https://x.test/api` and
 * `/v2/webhooks?page=2` make `https://x.test/api/v2/webhooks?page=2`.
 */
export const joinApiUrl = (base: string, path: string): string =>
  `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;

/**
 * A client for `baseUrl` that sends `token` as a bearer token. The token stays in this closure:
 * nothing is written to storage or cookies. `onUnauthorized` hears every 401 (an expired token).
 */
export function createApiClient(baseUrl: string, token: string, onUnauthorized?: () => void): ApiClient {
  const failed = async (response: Response): Promise<ApiFailure> => {
    if (response.status === 401) onUnauthorized?.();
    return failureOf(response);
  };
  const send = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(joinApiUrl(baseUrl, path), {
      method,
      credentials: 'omit',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    async call<T>(method: string, path: string, body?: unknown): Promise<ApiResult<T>> {
      let response: Response;
      try {
        response = await send(method, path, body);
      } catch (error) {
        return { ok: false, status: 0, error: networkFailure(error) };
      }
      if (!response.ok) return { ok: false, status: response.status, error: await failed(response) };
      const answer = (await response.json()) as { data: T };
      return { ok: true, status: response.status, data: answer.data };
    },
    async download(path: string): Promise<ApiResult<Blob>> {
      let response: Response;
      try {
        response = await send('GET', path);
      } catch (error) {
        return { ok: false, status: 0, error: networkFailure(error) };
      }
      if (!response.ok) return { ok: false, status: response.status, error: await failed(response) };
      return { ok: true, status: response.status, data: await response.blob() };
    },
  };
}

/** What the common codes mean to the person in front of the portal. */
const sentences: Readonly<Record<string, string>> = {
  UNAUTHORIZED: 'Your token was refused or has expired. Sign in again with a current token.',
  AFFILIATE_CONTEXT_REQUIRED:
    'This token is not tied to an affiliate (a master or service token), so there is nothing to show. Sign in with the token of an affiliate user.',
  MODULE_DISABLED: 'This part of the API is turned off for your affiliate account.',
  FORBIDDEN: 'Your role does not allow this. Ask an administrator of your affiliate account.',
  NOT_FOUND: 'It was not found: it may have been deleted, or it belongs to another affiliate.',
  METHOD_NOT_ALLOWED: 'The API does not offer this here: the portal and the API may be different versions.',
  INVALID_FIELD: 'The API did not accept a value.',
  PAYLOAD_TOO_LARGE: 'That is more than the API accepts at once.',
  RATE_LIMITED: 'Too many requests in a short time. Wait a moment, then try again.',
  WEBHOOK_DISABLED: 'This endpoint is disabled. Enable it first.',
  UPSTREAM_UNAVAILABLE: 'A service the API depends on did not answer. Try again in a moment.',
  STORAGE_UNAVAILABLE: 'The API cannot reach its database right now. Try again in a moment.',
  INTERNAL_ERROR: 'The API failed on its side. Try again; if it keeps failing, contact support.',
  NETWORK_ERROR: 'The API could not be reached. Check your connection, then try again.',
};

/**
 * How a failure reads on screen: a sentence for the person using the portal. For a value the
 * API refused, its own message says which and why.
 */
export function describeFailure(error: ApiFailure): string {
  if (error.code === 'INVALID_FIELD' && error.message) {
    return `${sentences.INVALID_FIELD} ${error.message}${error.field ? ` (${error.field})` : ''}`;
  }
  const fallback = error.status >= 500 ? sentences.INTERNAL_ERROR : error.message;
  return sentences[error.code] ?? (fallback || 'The API answered with an error.');
}

/** The failure as support reads it: `403 FORBIDDEN: Role not allowed.` */
export const failureCode = (error: ApiFailure): string =>
  `${error.status || 'Network'} ${error.code}: ${error.message}${error.field ? ` (${error.field})` : ''}`;
