import { couponHttpTable } from '../coupons/coupons.http-table';
import { subscriptionHttpTable } from '../subscriptions/subscriptions.http-table';
import { webhookHealthHttpTable } from '../webhooks/webhook-health.http-table';
import { webhookLifecycleHttpTable } from '../webhooks/webhook-lifecycle.http-table';
import { webhookHttpTable } from '../webhooks/webhooks.http-table';
import type { HttpTable } from './http-contract';

/** Every HTTP table of the API; each adapter runs all of them. */
export const httpTables: readonly HttpTable[] = [
  subscriptionHttpTable,
  couponHttpTable,
  webhookHttpTable,
  webhookLifecycleHttpTable,
  webhookHealthHttpTable,
];
