import {
  verifyWebhookAsync,
  type WebhookEvent,
  type WebhookVerificationErrorCode,
} from '@affiliate-commerce/webhook-verify';
import type { DedupeStore } from './dedupe-store';

export interface HandlerOptions {
  /** The webhook's secret; during a rotation, both (new first). */
  secrets: readonly string[];
  store: DedupeStore;
  /** Your processing. Throw to answer 500: the sender retries later. */
  onEvent: (event: WebhookEvent) => Promise<void>;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** 400 for a request that is not a delivery at all, 401 for one that failed the signature check. */
const statusOf = (code: WebhookVerificationErrorCode) =>
  code === 'NO_MATCHING_SIGNATURE' || code.startsWith('TIMESTAMP_') ? 401 : 400;

/**
 * A webhook receiver as a plain fetch handler, `(Request) => Promise<Response>`: it runs as is on
 * Cloudflare Workers, Deno, Bun and Next.js route handlers, and on Node through `./serve.ts`. It
 * uses the async verifier, which is the same call on every runtime (WebCrypto in the browser
 * build, node:crypto in the Node build).
 *
 * @example
 * export default { fetch: createWebhookHandler({ secrets: [env.WEBHOOK_SECRET], store, onEvent }) };
 */
export function createWebhookHandler({ secrets, store, onEvent }: HandlerOptions) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return json(405, { error: 'METHOD_NOT_ALLOWED' });
    // The bytes as they came: request.json() would parse, and request.text() would replace
    // invalid UTF-8, either way changing what the signature covers.
    const result = await verifyWebhookAsync({
      payload: await request.arrayBuffer(),
      signature: request.headers.get('x-webhook-signature'),
      secrets,
      throwOnError: false,
    });
    if (!result.ok) return json(statusOf(result.error.code), { error: result.error.code });
    const { event } = result;
    // Dedupe on the verified body's event_id: the X-Webhook-Id header is not signed.
    if (!(await store.claim(event.event_id))) return json(200, { received: true, duplicate: true });
    try {
      await onEvent(event);
    } catch (error) {
      await store.release(event.event_id);
      console.error('webhook processing failed', error);
      return json(500, { error: 'PROCESSING_FAILED' });
    }
    return json(200, { received: true });
  };
}
