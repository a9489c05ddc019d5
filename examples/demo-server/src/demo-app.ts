import { createExpressRouter } from '@affiliate-commerce/adapters-express';
import {
  consoleLogger,
  createService,
  type DeliveryOptions,
  flexibleRateLimiter,
  type Logger,
  randomIds,
  type Service,
  type Storage,
  systemClock,
} from '@affiliate-commerce/core';
import { staticTokenAuth } from '@affiliate-commerce/core/sandbox';
import express, { type Express } from 'express';
import { demoPortal } from './demo-portal';
import { demoProcessor, restoreSandbox } from './demo-processor';
import { demoReceiver } from './demo-receiver';
import { demoPrincipals } from './demo-tokens';
import { demoWebhookSecretKey } from './demo-webhook-key';
import { seedDemo } from './seed';
import { demoCaseSystem, seedCases } from './seed/cases';
import { storefrontPages } from './storefront-page';

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
export async function createDemoApp(options: {
  storage: Storage;
  /** Seed the demo data (default true); a worker process skips it. */
  seed?: boolean;
  /** Webhook delivery tuning (the worker CLI shortens the lease for its tests). */
  deliveries?: DeliveryOptions;
  /** Where the demo storefront page sends its calls; default the page's own origin. */
  storefrontApiBaseUrl?: string;
  /** Where the demo listens; its receiver webhooks point there. Default `http://localhost:3000`. */
  baseUrl?: string;
  /** Where the service and its delivery worker log. Default JSON lines on the console. */
  logger?: Logger;
}): Promise<DemoApp> {
  // The sandbox processor with Stripe's test methods; no Stripe account needed.
  const processor = demoProcessor();
  // The sandbox case system with the demo's two request types; no Atlassian account needed.
  const caseSystem = demoCaseSystem();
  const service = createService({
    storage: options.storage,
    auth: staticTokenAuth(demoPrincipals),
    clock: systemClock(),
    ids: randomIds(),
    logger: options.logger ?? consoleLogger(),
    rateLimiter: flexibleRateLimiter(),
    processor,
    caseSystem,
    secretKey: process.env.WEBHOOK_SECRET_KEY || demoWebhookSecretKey,
    // Development only: lets webhooks point at http://localhost receivers on this machine.
    allowPrivateNetworks: true,
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
  });
  if (options.seed ?? true) {
    await seedDemo(service, options.baseUrl);
    // The sandbox case system starts empty at every start: its demo case is made again.
    await seedCases(service, caseSystem);
  }
  await restoreSandbox(service, processor);
  const app = express();
  app.disable('x-powered-by');
  // Before the API: the receiver reads its own raw bodies.
  app.use(demoReceiver(service));
  app.use(createExpressRouter(service));
  app.use(demoPortal());
  app.use(storefrontPages({ apiBaseUrl: options.storefrontApiBaseUrl }));
  return { app, service };
}
