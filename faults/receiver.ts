import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWebhookVerificationError, verifyWebhook } from '@affiliate-commerce/webhook-verify';

/** One delivery that verified. */
export interface Arrival {
  /** `X-Webhook-Id`: the event id, the same on every retry of a delivery. */
  readonly eventId: string;
  readonly eventType: string;
  readonly orderId: string | undefined;
  readonly at: number;
}

/** The affiliate's receiver, as the webhook-verify README writes one, remembering what verified. */
export interface Receiver {
  readonly url: string;
  readonly arrivals: Arrival[];
  /** Deliveries refused: a signature that did not verify, or one that came before the secret was known. */
  readonly refused: () => number;
  /** The webhook's secret, known once the webhook is created. */
  setSecret(secret: string): void;
  /** Answers each delivery `ms` after it arrived, as a receiver doing some work would. */
  setDelay(ms: number): void;
  /** Deliveries received and not yet answered. */
  inFlight(): number;
  close(): Promise<void>;
}

/** Starts the receiver on 127.0.0.1, on a port the OS picks. */
export async function startReceiver(): Promise<Receiver> {
  const arrivals: Arrival[] = [];
  let secret: string | undefined;
  let refused = 0;
  let delayMs = 0;
  let inFlight = 0;
  const server = createServer((req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        if (!secret) throw new Error('no secret yet');
        const event = verifyWebhook({
          payload: Buffer.concat(chunks),
          signature: req.headers['x-webhook-signature'] as string | undefined,
          secret,
        });
        const fields = event as { event_type: string; ecommerce_order_id?: string };
        arrivals.push({
          eventId: String(req.headers['x-webhook-id']),
          eventType: fields.event_type,
          orderId: fields.ecommerce_order_id,
          at: Date.now(),
        });
        // Recorded before answering: a sender killed while it waits has delivered, unrecorded.
        setTimeout(() => res.writeHead(200).end(), delayMs);
      } catch (error) {
        refused += 1;
        res.writeHead(isWebhookVerificationError(error) ? 401 : 503).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/orders`,
    arrivals,
    refused: () => refused,
    setSecret: (value) => {
      secret = value;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
