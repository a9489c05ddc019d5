import { createHash } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { Pool } from 'undici';
import {
  type ClientTls,
  type HttpClient,
  type HttpFailureReason,
  type HttpOutcome,
  type HttpRequest,
  maxBodyBytes,
  type ResolvedAddress,
} from './http-client';

/**
 * Options of {@link nodeHttpClient}.
 *
 * @example
 * nodeHttpClient({ ca: readFileSync('internal-ca.pem', 'utf8') })
 */
export interface NodeHttpClientOptions {
  /** Extra trusted CA certificates (PEM), for hosts whose receivers use a private CA. */
  readonly ca?: string | readonly string[];
  /** Connections kept per destination (origin and pinned address). Default 64. */
  readonly connectionsPerDestination?: number;
  /** Destinations whose connection pools are kept; the least recently used is closed beyond it. Default 256. */
  readonly maxDestinations?: number;
}

/** A `lookup` that answers the pinned address whatever name it is asked, so DNS is never consulted again. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** Decodes kept body bytes; stateless, so one serves every request. */
const utf8 = new TextDecoder();

const tlsCodes = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH|ERR_OSSL)/;

function failureReason(error: NodeJS.ErrnoException): HttpFailureReason {
  const code = error.code ?? '';
  if (tlsCodes.test(code) || /certificate|ssl|tls/i.test(error.message)) return 'tls_failed';
  if (/^UND_ERR_(CONNECT|HEADERS|BODY)_TIMEOUT$/.test(code)) return 'timeout';
  if (code.startsWith('HPE_') || code === 'ECONNRESET' || code.startsWith('UND_ERR')) return 'protocol_error';
  return 'connect_failed';
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The real {@link HttpClient} for Node.js, on undici (the HTTP engine of Node's own `fetch`). It
 * connects to the pinned address only (a `lookup` that returns it), sends the URL's hostname as
 * `Host` and TLS SNI so certificates are still checked against the name, follows no redirects,
 * reuses kept-alive connections only for the same origin and pinned address (each was opened to
 * a checked address), keeps the first 4 KiB of the body and stops reading, and never rejects:
 * every failure is an outcome with a reason.
 */
export function nodeHttpClient(options: NodeHttpClientOptions = {}): HttpClient {
  const maxDestinations = options.maxDestinations ?? 256;
  // One pool per origin and pinned address: a kept-alive connection is reused only for the
  // address it was opened to, which the guard had checked, so reuse never bypasses the SSRF check.
  const pools = new Map<string, Pool>();
  const poolFor = (url: URL, pinned: ResolvedAddress, tls: ClientTls | undefined): Pool => {
    const key = `${url.origin} ${pinned.address}${tls ? ` ${tlsIdentity(tls)}` : ''}`;
    let pool = pools.get(key);
    if (pool) {
      // Most recently used last, so the first entry is the one to close when there are too many.
      pools.delete(key);
    } else {
      pool = new Pool(url.origin, {
        connections: options.connectionsPerDestination ?? 64,
        connect: {
          lookup: pinnedLookup(pinned),
          ...(options.ca ? { ca: options.ca as string | string[] } : {}),
          ...(tls ? { cert: tls.certificate, key: tls.privateKey, ...(tls.ca ? { ca: tls.ca } : {}) } : {}),
        },
      });
      if (pools.size >= maxDestinations) {
        const [oldestKey, oldest] = pools.entries().next().value as [string, Pool];
        pools.delete(oldestKey);
        void oldest.close().catch(() => undefined);
      }
    }
    pools.set(key, pool);
    return pool;
  };

  return {
    request(input: HttpRequest): Promise<HttpOutcome> {
      let url: URL;
      try {
        url = new URL(input.url);
      } catch {
        return Promise.resolve({
          ok: false,
          reason: 'invalid_url',
          message: 'not an absolute URL',
          latencyMs: 0,
        });
      }
      return exchange(poolFor(url, input.pinnedAddress, input.tls), url, input);
    },
  };
}

/** A client certificate's pool key: connections presenting one certificate are never reused for another. */
const tlsIdentity = (tls: ClientTls): string =>
  createHash('sha256')
    .update(tls.certificate)
    .update('\0')
    .update(tls.privateKey)
    .update('\0')
    .update(tls.ca ?? '')
    .digest('base64url');

/** Aborts an exchange undici has started; its error is then ignored, the outcome being settled. */
interface Abortable {
  abort(reason: Error): void;
}

/**
 * One request on undici's dispatcher API: no response stream, no AbortController, the body
 * collected straight from its chunks. The deadline covers the wait for a connection, connect,
 * TLS, the answer and the first 4 KiB of the body.
 */
function exchange(pool: Pool, url: URL, input: HttpRequest): Promise<HttpOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<HttpOutcome>((resolve) => {
    let controller: Abortable | undefined;
    let settled = false;
    let status = 0;
    let headers: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let kept = 0;
    const finish = (outcome: HttpOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const answer = (): HttpOutcome => ({
      ok: true,
      status,
      headers,
      bodyText: utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)),
      latencyMs: elapsed(),
    });
    const timer = setTimeout(() => {
      finish({
        ok: false,
        reason: 'timeout',
        message: `no complete answer within ${input.timeoutMs} ms`,
        latencyMs: elapsed(),
      });
      controller?.abort(new Error('deadline passed'));
    }, input.timeoutMs);
    pool.dispatch(
      {
        path: `${url.pathname}${url.search}`,
        method: input.method,
        headers: input.headers,
        body: input.body ?? null,
        headersTimeout: input.timeoutMs,
        bodyTimeout: input.timeoutMs,
      },
      {
        onRequestStart(started: Abortable) {
          controller = started;
          // Timed out while waiting for a connection: never send it.
          if (settled) started.abort(new Error('deadline passed'));
        },
        onResponseStart(_controller: unknown, statusCode: number, raw: Record<string, string | string[]>) {
          status = statusCode;
          headers = flatHeaders(raw);
        },
        onResponseData(started: Abortable, chunk: Buffer) {
          chunks.push(chunk.subarray(0, maxBodyBytes - kept));
          kept += Math.min(chunk.length, maxBodyBytes - kept);
          if (kept < maxBodyBytes) return;
          // The first 4 KiB are kept; the rest is never downloaded (the connection closes).
          finish(answer());
          started.abort(new Error('body limit reached'));
        },
        onResponseEnd() {
          finish(answer());
        },
        onResponseError(_controller: unknown, error: Error) {
          const failure = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
          // undici wraps socket errors; the cause carries the system or TLS code.
          const root = failure.cause?.code ? failure.cause : failure;
          finish({ ok: false, reason: failureReason(root), message: root.message, latencyMs: elapsed() });
        },
      },
    );
  });
}
