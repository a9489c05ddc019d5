import { createExpressRouter } from '@affiliate-commerce/adapters-express';
import {
  consoleLogger,
  createService,
  flexibleRateLimiter,
  randomIds,
  type Service,
  type Storage,
  systemClock,
} from '@affiliate-commerce/core';
import { staticTokenAuth } from '@affiliate-commerce/core/testing';
import express, { type Express } from 'express';
import { demoPrincipals } from './demo-tokens';
import { demoWebhookSecretKey } from './demo-webhook-key';
import { seedDemo } from './seed';

/** The demo host: an Express app serving the API at the root, plus the service behind it. */
export interface DemoApp {
  readonly app: Express;
  readonly service: Service;
}

/**
 * Builds the demo host on a storage and seeds it once.
 *
 * @example
 * const { app } = await createDemoApp({ storage: await openPglite() });
 */
export async function createDemoApp(options: { storage: Storage }): Promise<DemoApp> {
  const service = createService({
    storage: options.storage,
    auth: staticTokenAuth(demoPrincipals),
    clock: systemClock(),
    ids: randomIds(),
    logger: consoleLogger(),
    rateLimiter: flexibleRateLimiter(),
    secretKey: process.env.WEBHOOK_SECRET_KEY || demoWebhookSecretKey,
    // Development only: lets webhooks point at http://localhost receivers on this machine.
    allowPrivateNetworks: true,
  });
  await seedDemo(service);
  const app = express();
  app.disable('x-powered-by');
  app.use(createExpressRouter(service));
  return { app, service };
}
