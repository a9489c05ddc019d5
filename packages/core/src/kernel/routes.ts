import { billingRoutes } from '../areas/billing/routes';
import { caseRoutes } from '../areas/cases/routes';
import { couponRoutes } from '../areas/coupons/routes';
import { eventLogRoutes } from '../areas/event-log/routes';
import { journeyRoutes } from '../areas/journeys/routes';
import { subscriptionRoutes } from '../areas/subscriptions/routes';
import { webhookExampleRoutes } from '../areas/webhooks/example-routes';
import { webhookHealthRoutes } from '../areas/webhooks/health-routes';
import { operationalEventRoutes } from '../areas/webhooks/operational-event-routes';
import { webhookRoutes } from '../areas/webhooks/routes';
import { signingKeyRoutes } from '../areas/webhooks/signing-key-routes';
import type { AnyRoute } from '../http/route';
import { healthRoutes } from '../worker/health-routes';
import { messageLogRoutes } from '../worker/message-log-routes';
import { deliveryRoutes } from '../worker/routes';

/** The whole route table of the API; it drives the kernel, both adapters and docs/openapi.json. */
export const routes: readonly AnyRoute[] = [
  ...subscriptionRoutes,
  ...couponRoutes,
  ...webhookRoutes,
  ...signingKeyRoutes,
  ...webhookHealthRoutes,
  ...operationalEventRoutes,
  ...webhookExampleRoutes,
  ...billingRoutes,
  ...deliveryRoutes,
  ...messageLogRoutes,
  ...eventLogRoutes,
  ...journeyRoutes,
  ...caseRoutes,
  ...healthRoutes,
];
