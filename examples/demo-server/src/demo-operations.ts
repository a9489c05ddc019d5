import type { Logger } from '@affiliate-commerce/core';
import { verifyWebhook } from '@affiliate-commerce/webhook-verify';
import express, { type Router } from 'express';

/** Where the demo receives the operational events the worker sends to the host (docs/api.md §11.12). */
export const demoOperationsPath = '/demo-operations';

/**
 * DEMO ONLY: the operations endpoint's signing secret, fixed and public so the demo runs with no
 * setup. A real host makes its own (`generateSigningSecret()`), keeps it out of the database and
 * passes it as `operations.secret`. Set `OPERATIONS_WEBHOOK_SECRET` to use another one here.
 */
export const demoOperationsSecret = 'whsec_ZGVtby1vbmx5IG9wZXJhdGlvbnMgc2VjcmV0ISEhIQ==';

/**
 * The demo host's operations endpoint: `POST /demo-operations` verifies each operational webhook
 * (Standard Webhooks headers, the operations secret) and logs it as `demo.operations_webhook`,
 * answering 204, or 401 when the signature does not hold.
 *
 * @example
 * app.use(demoOperations(logger, demoOperationsSecret));
 */
export function demoOperations(logger: Logger, secret: string): Router {
  const router = express.Router();
  router.post(demoOperationsPath, express.raw({ type: () => true, limit: '1mb' }), (request, response) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verified = verifyWebhook({
      payload: body,
      headers: request.headers,
      scheme: 'standard-webhooks',
      secret,
      parse: false,
      throwOnError: false,
    });
    if (!verified.ok) {
      logger.warn('Operations webhook refused', {
        event: 'demo.operations_webhook',
        problem: verified.error.code,
      });
      response.status(401).end();
      return;
    }
    const { type, data } = JSON.parse(body.toString('utf8')) as {
      type: string;
      data: Record<string, unknown>;
    };
    logger.warn(`Operations webhook ${type}`, {
      event: 'demo.operations_webhook',
      type,
      operationalEventId: request.get('webhook-id'),
      ...data,
    });
    response.status(204).end();
  });
  return router;
}
