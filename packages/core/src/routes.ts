import { couponRoutes } from './coupons/routes';
import type { AnyRoute } from './http/route';
import { subscriptionRoutes } from './subscriptions/routes';
import { webhookHealthRoutes } from './webhooks/health-routes';
import { webhookRoutes } from './webhooks/routes';

/** The whole route table of the API; it drives the kernel, both adapters and docs/openapi.json. */
export const routes: readonly AnyRoute[] = [
  ...subscriptionRoutes,
  ...couponRoutes,
  ...webhookRoutes,
  ...webhookHealthRoutes,
];
