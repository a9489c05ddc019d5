/**
 * A local webhook receiver on node:http for the CLI's tests: it records every request with its
 * raw body and, given the session secret, verifies it with @affiliate-commerce/webhook-verify
 * under each signature scheme. Test code only: not shipped.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import { freePort } from '../../../test-support/services';

export { freePort };

/** One request the receiver got. */
export interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
  /** Verification with `X-Webhook-Signature` alone: true, or the error code. */
  readonly ours: true | string;
  /** Verification with the Standard Webhooks headers alone: true, or the error code. */
  readonly standard: true | string;
}

/** The running receiver and what it got. */
export interface Receiver {
  /** `http://127.0.0.1:<port>/hooks`. */
  readonly url: string;
  readonly received: Received[];
  /** The secret to verify with; requests before it is set are recorded unverified. */
  secret: string | undefined;
  /** The status it answers; 200 by default. */
  status: number;
  /** The body it answers; by default `ok` below 300 and a two-line refusal otherwise. */
  body: string | undefined;
  /** Headers it answers with besides Content-Type, e.g. a `Location`. */
  headers: Record<string, string>;
  close(): Promise<void>;
  /** Listens (again) on its port. */
  start(): Promise<void>;
}

/** A receiver listening on a free port, or on `port` (when `listening` is false, not yet). */
export async function startReceiver(options: { port?: number; listening?: boolean } = {}): Promise<Receiver> {
  const receiver: Receiver & { server: Server; port: number } = {
    url: '',
    received: [],
    secret: undefined,
    status: 200,
    body: undefined,
    headers: {},
    port: options.port ?? 0,
    server: createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const check = (scheme: 'affiliate-commerce' | 'standard-webhooks'): true | string => {
          if (!receiver.secret) return 'NO_SECRET';
          const result = verifyWebhook({
            payload: body,
            headers: request.headers,
            secret: receiver.secret,
            scheme,
            throwOnError: false,
          });
          return result.ok ? true : result.error.code;
        };
        receiver.received.push({
          headers: request.headers,
          body,
          at: Date.now(),
          ours: check('affiliate-commerce'),
          standard: check('standard-webhooks'),
        });
        response
          .writeHead(receiver.status, { 'content-type': 'text/plain', ...receiver.headers })
          .end(receiver.body ?? (receiver.status < 300 ? 'ok' : 'no\n  thanks'));
      });
    }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!receiver.server.listening) return resolve();
        receiver.server.close(() => resolve());
        receiver.server.closeAllConnections();
      }),
    start: () =>
      new Promise<void>((resolve, reject) => {
        receiver.server.once('error', reject);
        receiver.server.listen(receiver.port, '127.0.0.1', () => {
          receiver.port = (receiver.server.address() as AddressInfo).port;
          Object.assign(receiver, { url: `http://127.0.0.1:${receiver.port}/hooks` });
          resolve();
        });
      }),
  };
  if (options.listening === false) {
    if (!options.port) throw new TypeError('a receiver that is not listening yet needs a port');
    Object.assign(receiver, { url: `http://127.0.0.1:${options.port}/hooks` });
  } else {
    await receiver.start();
  }
  return receiver;
}
