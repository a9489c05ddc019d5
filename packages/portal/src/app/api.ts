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
 * A client for `baseUrl` that sends `token` as a bearer token. The token stays in this closure:
 * nothing is written to storage or cookies. `onUnauthorized` hears every 401 (an expired token).
 */
export function createApiClient(baseUrl: string, token: string, onUnauthorized?: () => void): ApiClient {
  const root = baseUrl.replace(/\/+$/, '');
  const failed = async (response: Response): Promise<ApiFailure> => {
    if (response.status === 401) onUnauthorized?.();
    return failureOf(response);
  };
  const send = async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${root}${path}`, {
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

/** How a failure reads on screen: `403 FORBIDDEN: Role not allowed.` */
export const describeFailure = (error: ApiFailure): string =>
  `${error.status || 'Network'} ${error.code}: ${error.message}${error.field ? ` (${error.field})` : ''}`;
