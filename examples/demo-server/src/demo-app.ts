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
import { demoOperations, demoOperationsPath, demoOperationsSecret } from './demo-operations';
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

/** Options of {@link createDemoApp} and {@link buildDemoApp}. */
export interface DemoAppOptions {
  readonly storage: Storage;
  /** Seed the demo data (default true); a worker process skips it. */
  readonly seed?: boolean;
  /** Webhook delivery tuning (the worker CLI shortens the lease for its tests). */
  readonly deliveries?: DeliveryOptions;
  /** Where the demo storefront page sends its calls; default the page's own origin. */
  readonly storefrontApiBaseUrl?: string;
  /** Where the demo listens; its receiver webhooks and its operations endpoint point there. Default `http://localhost:3000` for the webhooks, and no operations endpoint. */
  readonly baseUrl?: string;
  /** Where the service and its delivery worker log. Default JSON lines on the console. */
  readonly logger?: Logger;
}

/** The demo host before its data is in place: `prepare` seeds it and restores the sandbox. */
export interface UnpreparedDemoApp extends DemoApp {
  /**
   * Seeds the demo data (unless `seed` is false) and puts the stored payment methods back into
   * the sandbox. Rejects with `StorageUnavailableError` while the database is out of reach; it
   * may then be called again.
   */
  prepare(): Promise<void>;
}

/**
 * Builds the demo host on a storage without calling it, so it can serve (503 from the API) while
 * the database is still out of reach; `prepare` puts the demo data in place.
 *
 * @example
 * const demo = buildDemoApp({ storage: await connectPostgres({ connectionString }) });
 * await demo.prepare();
 */
export function buildDemoApp(options: DemoAppOptions): UnpreparedDemoApp {
  // The sandbox processor with Stripe's test methods; no Stripe account needed.
  const processor = demoProcessor();
  // The sandbox case system with the demo's two request types; no Atlassian account needed.
  const caseSystem = demoCaseSystem();
  const logger = options.logger ?? consoleLogger();
  const operationsSecret = process.env.OPERATIONS_WEBHOOK_SECRET || demoOperationsSecret;
  const service = createService({
    storage: options.storage,
    auth: staticTokenAuth(demoPrincipals),
    clock: systemClock(),
    ids: randomIds(),
    logger,
    // Where a host would page someone or tell the affiliate (docs/api.md §11.12), the demo logs.
    onOperationalEvent: (event) => logger.warn(`Operational event ${event.type}`, { ...event }),
    // The same events as signed webhooks, to the demo's own operations endpoint below, once the
    // demo knows where it listens.
    ...(options.baseUrl
      ? { operations: { url: `${options.baseUrl}${demoOperationsPath}`, secret: operationsSecret } }
      : {}),
    rateLimiter: flexibleRateLimiter(),
    processor,
    caseSystem,
    secretKey: process.env.WEBHOOK_SECRET_KEY || demoWebhookSecretKey,
    // Development only: lets webhooks point at http://localhost receivers on this machine.
    allowPrivateNetworks: true,
    ...(options.deliveries ? { deliveries: options.deliveries } : {}),
  });
  const app = express();
  app.disable('x-powered-by');
  // Before the API: the receiver reads its own raw bodies.
  app.use(demoReceiver(service));
  app.use(demoOperations(logger, operationsSecret));
  app.use(createExpressRouter(service));
  app.use(demoPortal());
  app.use(storefrontPages({ apiBaseUrl: options.storefrontApiBaseUrl }));
  return {
    app,
    service,
    async prepare() {
      if (options.seed ?? true) {
        await seedDemo(service, options.baseUrl);
        // The sandbox case system starts empty at every start: its demo case is made again.
        await seedCases(service, caseSystem);
      }
      await restoreSandbox(service, processor);
    },
  };
}

/**
 * Builds the demo host on a storage and seeds it once.
 *
 * @example
 * const { app } = await createDemoApp({ storage: await openPglite() });
 */
export async function createDemoApp(options: DemoAppOptions): Promise<DemoApp> {
  const { app, service, prepare } = buildDemoApp(options);
  await prepare();
  return { app, service };
}
