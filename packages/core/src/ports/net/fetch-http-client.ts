import {
  type HttpClient,
  type HttpFailure,
  type HttpFailureReason,
  type HttpOutcome,
  type HttpRequest,
  maxBodyBytes,
} from './http-client';

/** Decodes kept body bytes; stateless, so one serves every request. */
const utf8 = new TextDecoder();

const tlsWords = /certificate|\btls\b|\bssl\b/i;

/** The messages of an error and of its causes, outermost first (fetch wraps the socket error). */
function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    messages.push(current.message);
    current = current.cause;
  }
  return messages.length > 0 ? messages : [String(error)];
}

/** Why a request failed: the deadline when the signal fired, TLS when a message says so, else the connection. */
function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number, latencyMs: number): HttpFailure {
  if (signal.aborted) {
    return { ok: false, reason: 'timeout', message: `no complete answer within ${timeoutMs} ms`, latencyMs };
  }
  const messages = messagesOf(error);
  const reason: HttpFailureReason = messages.some((text) => tlsWords.test(text))
    ? 'tls_failed'
    : 'connect_failed';
  // The innermost message names the system error (ECONNREFUSED, a certificate problem).
  return { ok: false, reason, message: messages.at(-1) ?? 'fetch failed', latencyMs };
}

/** Header names in lower case; repeated headers (each Set-Cookie is its own entry) joined with `, `. */
function flatHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

/** Reads at most {@link maxBodyBytes} of a body, then cancels the rest so it is never downloaded. */
async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const kept = new Uint8Array(maxBodyBytes);
  let length = 0;
  while (length < maxBodyBytes) {
    const { done, value } = await reader.read();
    if (done) return utf8.decode(kept.subarray(0, length));
    const take = value.subarray(0, maxBodyBytes - length);
    kept.set(take, length);
    length += take.length;
  }
  void reader.cancel().catch(() => undefined);
  return utf8.decode(kept);
}

/** The fetch request, or why it cannot be built (a header or method fetch refuses). */
function buildRequest(input: HttpRequest, signal: AbortSignal): Request | HttpFailure {
  try {
    new URL(input.url);
  } catch {
    return { ok: false, reason: 'invalid_url', message: 'not an absolute URL', latencyMs: 0 };
  }
  try {
    return new Request(input.url, {
      method: input.method,
      headers: input.headers,
      // fetch refuses a body on GET and HEAD.
      body: input.method === 'GET' || input.method === 'HEAD' ? null : (input.body ?? null),
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    return { ok: false, reason: 'protocol_error', message: messagesOf(error).at(-1) ?? '', latencyMs: 0 };
  }
}

/** One exchange; the deadline covers connect, TLS, the answer and the first 4 KiB of the body. */
async function exchange(request: Request, input: HttpRequest, signal: AbortSignal): Promise<HttpOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    return failureOf(error, signal, input.timeoutMs, elapsed());
  }
  if (response.type === 'opaqueredirect') {
    // Browsers hide a redirect answer under redirect: 'manual'; its status cannot be read.
    void response.body?.cancel().catch(() => undefined);
    return {
      ok: false,
      reason: 'protocol_error',
      message: 'redirect answer hidden by the platform',
      latencyMs: elapsed(),
    };
  }
  const headers = flatHeaders(response.headers);
  try {
    const bodyText = await readCapped(response.body);
    return { ok: true, status: response.status, headers, bodyText, latencyMs: elapsed() };
  } catch (error) {
    if (signal.aborted) return failureOf(error, signal, input.timeoutMs, elapsed());
    // The answer started, then the connection broke mid-body.
    return {
      ok: false,
      reason: 'protocol_error',
      message: messagesOf(error).at(-1) ?? '',
      latencyMs: elapsed(),
    };
  }
}

/**
 * An {@link HttpClient} on the global `fetch` alone, for runtimes without Node's network modules
 * (Cloudflare Workers, browser-like platforms). It follows no redirects (a 3xx is an answer),
 * times out with `AbortSignal.timeout`, keeps the first 4 KiB of the body and cancels the rest,
 * and never rejects: every failure is an outcome with a reason.
 *
 * It cannot connect to `pinnedAddress`: fetch has no lookup hook, so the platform resolves the
 * hostname again. The guard has checked the addresses it resolved, but a DNS answer that changes
 * between that check and the connection is not caught. On Cloudflare Workers the platform itself
 * refuses private and loopback destinations.
 */
export function fetchHttpClient(): HttpClient {
  return {
    request(input: HttpRequest): Promise<HttpOutcome> {
      if (input.tls) {
        // fetch has no way to present a client certificate; sending without one would fail at the receiver anyway.
        const message = 'a client certificate needs the Node HTTP client (nodeHttpClient)';
        return Promise.resolve({ ok: false, reason: 'tls_failed', message, latencyMs: 0 });
      }
      const signal = AbortSignal.timeout(input.timeoutMs);
      const request = buildRequest(input, signal);
      if (request instanceof Request) return exchange(request, input, signal);
      return Promise.resolve(request);
    },
  };
}
