import { ApiError, networkMessage, retryAfterMs } from './api-error';

/** Query values: arrays become comma-separated lists; undefined ones are left out. */
export type Query = Readonly<Record<string, string | number | readonly string[] | undefined>>;

/** One call and its answer, for `--verbose`; never the token. */
export interface Exchange {
  readonly method: string;
  readonly url: string;
  /** The HTTP status, or 0 when no answer came. */
  readonly status: number;
  readonly ms: number;
}

/** Calls the API with a bearer token and returns the envelope's `data`, or rejects with an {@link ApiError}. */
export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
}

/** Where the API is and how to call it. */
export interface ApiClientOptions {
  /** Where the API is, e.g. `http://127.0.0.1:3000`; a path after the host is kept; no query or fragment. */
  readonly baseUrl: string;
  readonly token: string;
  /** Ends every call at once (Ctrl-C). */
  readonly signal?: AbortSignal | undefined;
  /** Time a call gets to answer; default 10 s. */
  readonly timeoutMs?: number;
  /** Told about each call once it is answered or failed. */
  readonly onExchange?: (exchange: Exchange) => void;
}

/**
 * The URL of a path under the base URL's path, with the query's defined values.
 *
 * @example apiUrl('https://api.example.com/base/', '/v2/events', { limit: 1 }) // https://api.example.com/base/v2/events?limit=1
 * @throws TypeError when the base URL has a query or a fragment (the `--api` option refuses both)
 */
export function apiUrl(baseUrl: string, path: string, query: Query = {}): string {
  const url = new URL(baseUrl);
  if (/[?#]/.test(url.href)) {
    throw new TypeError(`@affiliate-commerce/cli: the API's base URL has a query or a fragment: ${baseUrl}`);
  }
  url.pathname = url.pathname.replace(/\/+$/, '') + path;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return url.toString();
}

/** An {@link ApiClient} on the global `fetch`. */
export function apiClient(options: ApiClientOptions): ApiClient {
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const started = performance.now();
    const report = (status: number) =>
      options.onExchange?.({ method, url, status, ms: Math.round(performance.now() - started) });
    const deadline = deadlineSignal(options.signal, options.timeoutMs ?? 10_000);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${options.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: deadline.signal,
      });
      text = await response.text();
    } catch (cause) {
      report(0);
      if (options.signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'UNREACHABLE', message: networkMessage(cause), cause });
    } finally {
      deadline.clear();
    }
    report(response.status);
    return unwrap<T>(response, text);
  };
  return {
    get: (path, query) => call('GET', apiUrl(options.baseUrl, path, query)),
    post: (path, body) => call('POST', apiUrl(options.baseUrl, path), body ?? {}),
  };
}

/** The `data` of a success envelope, or the error the answer describes. */
function unwrap<T>(response: Response, text: string): T {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  const parsed = envelope as
    | { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown; field?: unknown } }
    | undefined;
  if (response.ok && parsed?.success === true) return parsed.data as T;
  const error = parsed?.error;
  throw new ApiError({
    status: response.status,
    code: typeof error?.code === 'string' ? error.code : `HTTP_${response.status}`,
    message:
      typeof error?.message === 'string'
        ? error.message
        : response.ok
          ? 'the answer is not an affiliate-commerce API envelope'
          : text.slice(0, 200) || response.statusText,
    field: typeof error?.field === 'string' ? error.field : undefined,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
  });
}

/**
 * A signal that aborts when `parent` does or `ms` pass, with a `clear` that detaches it. Not
 * `AbortSignal.any`: `listen` calls every second for hours with one parent signal, and `any`
 * has kept every signal combined with a long-lived parent alive while the parent lives.
 *
 * @see https://github.com/nodejs/node/issues/55351
 */
export function deadlineSignal(parent: AbortSignal | undefined, ms: number) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => controller.abort(new DOMException('timed out', 'TimeoutError')), ms);
  parent?.addEventListener('abort', onAbort, { once: true });
  if (parent?.aborted) onAbort();
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}
