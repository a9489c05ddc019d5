import type { AnyRoute } from './http/route';
import { subscriptionRoutes } from './subscriptions/routes';

/** The whole route table of the API; it drives the kernel, both adapters and docs/openapi.json. */
export const routes: readonly AnyRoute[] = [...subscriptionRoutes];
