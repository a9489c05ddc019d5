import express, { type Express } from 'express';
import { keepRawBody, type ReceiverOptions, webhookRoute } from './receiver';

/**
 * An app with the webhook route at POST /webhooks. `parseJsonFirst` shows the other common
 * setup: `express.json()` on the whole app, with `verify: keepRawBody` so the route still gets
 * the raw bytes.
 *
 * @example
 * createApp({ secrets, store: memoryDedupeStore(), onEvent }).listen(3000);
 */
export function createApp(
  options: ReceiverOptions & { parseJsonFirst?: 'with-raw-body' | 'without-raw-body' },
): Express {
  const app = express();
  if (options.parseJsonFirst === 'with-raw-body') app.use(express.json({ verify: keepRawBody }));
  // The mistake the route detects: a parser that keeps no raw copy.
  if (options.parseJsonFirst === 'without-raw-body') app.use(express.json());
  app.post('/webhooks', webhookRoute(options));
  return app;
}
