import { faultsToken } from './fixtures/fault-constants';

/** One answer as a client saw it, timed from before the request to the end of its body. */
export interface Answer {
  /** The HTTP status, or `network`/`timeout` when none came. */
  readonly status: string;
  readonly retryAfter: string | null;
  /** `error.code` of the JSON error envelope, when the body is one. */
  readonly code: string | undefined;
  readonly ms: number;
  /** `data` of a success envelope. */
  readonly data: unknown;
}

/** Calls `url` as the test's client; with `auth`, as the affiliate's super admin. */
export async function probe(
  url: string,
  options: { method?: string; auth?: boolean; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: {
        ...(options.auth ? { authorization: `Bearer ${faultsToken}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: { success?: boolean; data?: unknown; error?: { code?: string } } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // Not JSON: the status says enough.
    }
    return {
      status: String(response.status),
      retryAfter: response.headers.get('retry-after'),
      code: body.success === false ? body.error?.code : undefined,
      ms,
      data: body.data,
    };
  } catch (error) {
    const status = (error as { name?: string }).name === 'TimeoutError' ? 'timeout' : 'network';
    return { status, retryAfter: null, code: undefined, ms: performance.now() - started, data: undefined };
  }
}

/**
 * How an answer reads in the fault table: `503 STORAGE_UNAVAILABLE RA=5` (code and Retry-After
 * only for errors).
 */
export function describeAnswer(answer: Answer): string {
  if (!answer.status.startsWith('4') && !answer.status.startsWith('5')) return answer.status;
  return [
    answer.status,
    answer.code,
    answer.retryAfter === null ? 'no Retry-After' : `RA=${answer.retryAfter}`,
  ]
    .filter(Boolean)
    .join(' ');
}
