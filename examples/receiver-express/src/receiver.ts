import {
  isWebhookVerificationError,
  verifyWebhook,
  type WebhookEvent,
} from '@affiliate-commerce/webhook-verify';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { DedupeStore } from './dedupe-store';

export interface ReceiverOptions {
  /** The webhook's secret; during a rotation, both (new first). */
  secrets: readonly string[];
  store: DedupeStore;
  /** Your processing. Throw to answer 500: the sender retries later. */
  onEvent: (event: WebhookEvent) => Promise<void>;
}

/** A request whose JSON body was parsed by `express.json({ verify: keepRawBody })`. */
type RawBodyRequest = Request & { rawBody?: Buffer };

/**
 * For apps that run `express.json()` before the webhook route: keep the bytes as they came, so
 * the signature can be checked. Never rebuild them with `JSON.stringify(req.body)`: key order,
 * spacing and escapes differ, and the signature covers the exact bytes.
 *
 * @example
 * app.use(express.json({ verify: keepRawBody }));
 */
export const keepRawBody = (req: RawBodyRequest, _res: unknown, buf: Buffer): void => {
  req.rawBody = buf;
};

/** The bytes to verify: from `express.raw` on the route, or kept by {@link keepRawBody}. */
function rawBodyOf(req: RawBodyRequest): Buffer | undefined {
  return req.rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
}

/** 400 for a request that is not a delivery at all, 401 for one that failed the signature check. */
const statusOf = (code: string) =>
  code === 'NO_MATCHING_SIGNATURE' || code.startsWith('TIMESTAMP_') ? 401 : 400;

/**
 * The webhook route: `express.raw` on the route itself, so the signature is checked over the
 * exact bytes whatever the app parses elsewhere. Mount it where you like:
 *
 * @example
 * app.post('/webhooks/affiliate-commerce', webhookRoute({ secrets: [process.env.WEBHOOK_SECRET!], store, onEvent }));
 */
export function webhookRoute({ secrets, store, onEvent }: ReceiverOptions): RequestHandler[] {
  const handle = async (req: RawBodyRequest, res: Response) => {
    const payload = rawBodyOf(req);
    if (payload === undefined) {
      // A body parser consumed the stream before this route and kept no copy: a setup bug here,
      // not the sender's fault, so say so at once instead of answering 400 to every delivery.
      console.error(
        'webhook route: the body was parsed before the route; use express.json({ verify: keepRawBody })',
      );
      res.status(500).json({ error: 'RAW_BODY_UNAVAILABLE' });
      return;
    }
    let event: WebhookEvent;
    try {
      event = verifyWebhook({ payload, signature: req.get('x-webhook-signature'), secrets });
    } catch (error) {
      if (!isWebhookVerificationError(error)) throw error;
      res.status(statusOf(error.code)).json({ error: error.code });
      return;
    }
    // Dedupe on the verified body's event_id: the X-Webhook-Id header is not signed.
    if (!(await store.claim(event.event_id))) {
      res.status(200).json({ received: true, duplicate: true });
      return;
    }
    try {
      await onEvent(event);
    } catch (error) {
      await store.release(event.event_id);
      throw error;
    }
    res.status(200).json({ received: true });
  };
  return [express.raw({ type: 'application/json', limit: '2mb' }), handle];
}
