import type { IncomingMessage } from 'node:http';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
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
}

/** A `lookup` that answers the pinned address whatever name it is asked, so DNS is never consulted again. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

const tlsCodes = /^(CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_TLS|ERR_SSL|HOSTNAME_MISMATCH|ERR_OSSL)/;

function failureReason(error: NodeJS.ErrnoException): HttpFailureReason {
  const code = error.code ?? '';
  if (tlsCodes.test(code) || /certificate|ssl|tls/i.test(error.message)) return 'tls_failed';
  if (code.startsWith('HPE_') || code === 'ECONNRESET') return 'protocol_error';
  return 'connect_failed';
}

function flatHeaders(message: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The real {@link HttpClient} on node:http and node:https. It connects to the pinned address
 * only (a `lookup` that returns it), sends the URL's hostname as `Host` and TLS SNI so
 * certificates are still checked against the name, follows no redirects, reuses kept-alive
 * connections only for the same host and port (each was opened to a checked address), keeps the
 * first 4 KiB of the body and stops reading, and never rejects: every failure is an outcome with a reason.
 *
 * @example
 * const client = nodeHttpClient();
 * await client.request({ url: 'https://hooks.example.com/x', method: 'POST', headers: {}, body: '{}', timeoutMs: 5000, pinnedAddress: { address: '93.184.216.34', family: 4 } });
 */
export function nodeHttpClient(options: NodeHttpClientOptions = {}): HttpClient {
  // Kept-alive connections are reused only for the same host and port; every one of them was
  // opened to an address the guard had checked, so reuse never bypasses the SSRF check.
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  return {
    request(input: HttpRequest): Promise<HttpOutcome> {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
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
      return new Promise<HttpOutcome>((resolve) => {
        let settled = false;
        const finish = (outcome: HttpOutcome, reusable = false) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          // A connection whose answer was read to the end goes back to the pool; any other is closed.
          if (!reusable) request.destroy();
          resolve(outcome);
        };
        const fail = (reason: HttpFailureReason, message: string) =>
          finish({ ok: false, reason, message, latencyMs: elapsed() });

        const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
        const secure = url.protocol === 'https:';
        const body = input.body === undefined ? undefined : Buffer.from(input.body);
        const request = (secure ? https : http).request({
          protocol: url.protocol,
          hostname,
          port: url.port || (secure ? 443 : 80),
          path: `${url.pathname}${url.search}`,
          method: input.method,
          headers: { ...input.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          agent: secure ? agents.https : agents.http,
          lookup: pinnedLookup(input.pinnedAddress),
          ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
          ...(secure && options.ca ? { ca: options.ca as string | string[] } : {}),
        });
        const timer = setTimeout(
          () => fail('timeout', `no complete answer within ${input.timeoutMs} ms`),
          input.timeoutMs,
        );

        request.on('error', (error: NodeJS.ErrnoException) => fail(failureReason(error), error.message));
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = (complete: boolean) =>
            finish(
              {
                ok: true,
                status: response.statusCode ?? 0,
                headers: flatHeaders(response),
                bodyText: new TextDecoder().decode(Buffer.concat(chunks)),
                latencyMs: elapsed(),
              },
              complete,
            );
          response.on('data', (chunk: Buffer) => {
            const room = maxBodyBytes - kept;
            if (room > 0) {
              chunks.push(chunk.subarray(0, room));
              kept += Math.min(room, chunk.length);
            }
            // The rest of a large body is never downloaded.
            if (kept >= maxBodyBytes) done(false);
          });
          response.on('end', () => done(true));
          response.on('close', () => done(false));
          response.on('error', (error: NodeJS.ErrnoException) => fail('protocol_error', error.message));
        });
        request.end(body);
      });
    },
  };
}
