import { billingRoutes } from './billing/routes';
import { couponRoutes } from './coupons/routes';
import { healthRoutes } from './deliveries/health-routes';
import { deliveryRoutes } from './deliveries/routes';
import { eventLogRoutes } from './event-log/routes';
import type { AnyRoute } from './http/route';
import { journeyRoutes } from './journeys/routes';
import { subscriptionRoutes } from './subscriptions/routes';
import { supportRoutes } from './support/routes';
import { webhookExampleRoutes } from './webhooks/example-routes';
import { webhookHealthRoutes } from './webhooks/health-routes';
import { webhookRoutes } from './webhooks/routes';

/** The whole route table of the API; it drives the kernel, both adapters and docs/openapi.json. */
export const routes: readonly AnyRoute[] = [
  ...subscriptionRoutes,
  ...couponRoutes,
  ...webhookRoutes,
  ...webhookHealthRoutes,
  ...webhookExampleRoutes,
  ...billingRoutes,
  ...deliveryRoutes,
  ...eventLogRoutes,
  ...journeyRoutes,
  ...supportRoutes,
  ...healthRoutes,
];
