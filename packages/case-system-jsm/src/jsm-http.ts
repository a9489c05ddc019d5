import type { DomainError } from '@affiliate-commerce/core';
import { invalidField, notFound, upstreamUnavailable } from '@affiliate-commerce/core/http';
import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { backoffMs, retryAfterMs } from './retry-after';

/** Longest `Retry-After` we wait out; a longer one ends the call, since a user's request is waiting. */
export const maxRetryWaitMs = 60_000;

/** Settings of the JSM HTTP client, resolved from the factory's options. */
export interface JsmHttpSettings {
  readonly baseUrl: string;
  readonly authorization: string;
  readonly fetch: typeof fetch | undefined;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
}

/** One call to `/rest/servicedeskapi`, with how its 404 and 400 answers read for our caller. */
export interface JsmCall {
  readonly method: 'GET' | 'POST';
  /** Path below `/rest/servicedeskapi/`, segments already encoded. */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly json?: unknown;
  readonly form?: FormData;
  readonly headers?: Readonly<Record<string, string>>;
  /** The resource a 404 means is missing; without it a 404 is a misconfiguration (UPSTREAM_UNAVAILABLE). */
  readonly notFound?: string;
  /** The input field a 400 blames; without it a 400 is UPSTREAM_UNAVAILABLE. */
  readonly badRequestField?: string;
}

const caseSystem = 'case system';

/**
 * Sends one JSM call: basic auth, `Accept: application/json`, a time-out per attempt, and the
 * retry policy of docs/decisions/cases.md. Resolves to the parsed JSON body (undefined for 204).
 *
 * @example
 * const send = jsmHttp(settings);
 * await send({ method: 'GET', path: 'request/SUP-1', notFound: 'request' });
 */
export function jsmHttp(settings: JsmHttpSettings): (call: JsmCall) => ResultAsync<unknown, DomainError> {
  return (call) => new ResultAsync(send(settings, call));
}

async function send(settings: JsmHttpSettings, call: JsmCall): Promise<Result<unknown, DomainError>> {
  const url = new URL(`${settings.baseUrl}/rest/servicedeskapi/${call.path}`);
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {
    Authorization: settings.authorization,
    Accept: 'application/json',
    ...(call.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    ...call.headers,
  };
  const where = `${call.method} ${url.pathname}`;

  for (let retry = 0; ; retry += 1) {
    let response: Response;
    try {
      // Resolved per call, not at construction, so a fetch patched later (msw, tracing) is used.
      const fetchImpl = settings.fetch ?? globalThis.fetch;
      response = await fetchImpl(url, {
        method: call.method,
        headers,
        body: call.form ?? (call.json !== undefined ? JSON.stringify(call.json) : undefined),
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (cause) {
      // Time-outs (TimeoutError) and network failures (TypeError) alike: the system is unreachable.
      return err(
        upstreamUnavailable(caseSystem, new Error(`${where} failed: ${describe(cause)}`, { cause })),
      );
    }

    const wait = retryWait(response, settings, retry);
    if (wait !== undefined) {
      // Drained rather than cancelled: a cancel can wait forever on a tee'd (cloned) body.
      await response.arrayBuffer().catch(() => undefined);
      if (retry >= settings.maxRetries || wait > maxRetryWaitMs) {
        return err(
          upstreamUnavailable(
            caseSystem,
            new Error(`${where} answered ${response.status} after ${retry} retries`),
          ),
        );
      }
      await settings.sleep(wait);
      continue;
    }
    return readResponse(response, call, where);
  }
}

/** How long to wait before retrying, or undefined when the answer is not one we retry. */
function retryWait(response: Response, settings: JsmHttpSettings, retry: number): number | undefined {
  const retryAfter = retryAfterMs(response.headers.get('Retry-After'), Date.now());
  // 429 is never processed, so any method may repeat it; a 503 with Retry-After is Atlassian's
  // "resource limit reached" signal, documented as handled the same way. Other 5xx may have
  // been applied half-way, so a POST is not repeated blindly.
  if (response.status === 429) return retryAfter ?? backoffMs(retry, settings.random);
  if (response.status === 503 && retryAfter !== undefined) return retryAfter;
  return undefined;
}

async function readResponse(
  response: Response,
  call: JsmCall,
  where: string,
): Promise<Result<unknown, DomainError>> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    return err(upstreamUnavailable(caseSystem, new Error(`${where}: reading the body failed`, { cause })));
  }
  if (response.ok) {
    if (response.status === 204 || text.trim() === '') return ok(undefined);
    try {
      return ok(JSON.parse(text));
    } catch (cause) {
      return err(upstreamUnavailable(caseSystem, new Error(`${where}: the body is not JSON`, { cause })));
    }
  }
  if (response.status === 404 && call.notFound) return err({ ...notFound(call.notFound), cause: where });
  if (response.status === 400 && call.badRequestField) {
    return err({ ...invalidField(call.badRequestField, refusal(text)), cause: where });
  }
  // 401/403 are our credentials or permissions, 5xx the system itself: nothing the client can fix.
  return err(
    upstreamUnavailable(caseSystem, new Error(`${where} answered ${response.status}: ${text.slice(0, 500)}`)),
  );
}

/** JSM's own words for a refusal (`errorMessage`), kept short, as the problem of the field. */
function refusal(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'errorMessage' in body) {
      const message = String((body as { errorMessage: unknown }).errorMessage).slice(0, 300);
      return `was refused by the case system: ${message.replace(/\.$/, '')}`;
    }
  } catch {
    // Not JSON: fall through to the generic wording.
  }
  return 'was refused by the case system';
}

function describe(cause: unknown): string {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}
