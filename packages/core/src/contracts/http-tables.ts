import { achSetupIntentHttpTable } from '../billing/ach-setup-intent.http-table';
import { addPaymentMethodHttpTable } from '../billing/add-payment-method.http-table';
import {
  emptyPaymentMethodsHttpTable,
  paymentMethodDefaultHttpTable,
} from '../billing/payment-method-default.http-table';
import { processorDownHttpTable } from '../billing/processor-down.http-table';
import { couponHttpTable } from '../coupons/coupons.http-table';
import { journeyCorsHttpTable, journeyHttpTable } from '../journeys/journeys.http-table';
import { subscriptionHttpTable } from '../subscriptions/subscriptions.http-table';
import { caseRepliesHttpTable } from '../support/case-replies.http-table';
import { createTicketHttpTable } from '../support/create-ticket.http-table';
import { orderCasesHttpTable } from '../support/order-cases.http-table';
import { requestTypesHttpTable } from '../support/request-types.http-table';
import { supportUpstreamHttpTable } from '../support/support-upstream.http-table';
import { webhookHealthHttpTable } from '../webhooks/webhook-health.http-table';
import { webhookLifecycleHttpTable } from '../webhooks/webhook-lifecycle.http-table';
import { webhookHttpTable } from '../webhooks/webhooks.http-table';
import type { HttpTable } from './http-contract';

/** Every HTTP table of the API; each adapter runs all of them. */
export const httpTables: readonly HttpTable[] = [
  subscriptionHttpTable,
  couponHttpTable,
  journeyHttpTable,
  journeyCorsHttpTable,
  webhookHttpTable,
  webhookLifecycleHttpTable,
  webhookHealthHttpTable,
  achSetupIntentHttpTable,
  addPaymentMethodHttpTable,
  paymentMethodDefaultHttpTable,
  emptyPaymentMethodsHttpTable,
  processorDownHttpTable,
  requestTypesHttpTable,
  createTicketHttpTable,
  orderCasesHttpTable,
  caseRepliesHttpTable,
  supportUpstreamHttpTable,
];
