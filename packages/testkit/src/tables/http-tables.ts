import type { HttpTable } from '../contracts/http-contract';
import { achSetupIntentHttpTable } from './ach-setup-intent.http-table';
import { addPaymentMethodHttpTable } from './add-payment-method.http-table';
import { caseRepliesHttpTable } from './case-replies.http-table';
import { couponHttpTable } from './coupons.http-table';
import { createTicketHttpTable } from './create-ticket.http-table';
import { endpointControlsHttpTable } from './endpoint-controls.http-table';
import { eventsHttpTable } from './events.http-table';
import { healthBehindHttpTable, healthDownHttpTable, healthHttpTable } from './health.http-table';
import { journeyCorsHttpTable, journeyHttpTable } from './journeys.http-table';
import { messageLogHttpTable } from './message-log.http-table';
import { orderCasesHttpTable } from './order-cases.http-table';
import {
  emptyPaymentMethodsHttpTable,
  paymentMethodDefaultHttpTable,
} from './payment-method-default.http-table';
import { processorDownHttpTable } from './processor-down.http-table';
import { recoverHttpTable } from './recover.http-table';
import { requestTypesHttpTable } from './request-types.http-table';
import { subscriptionHttpTable } from './subscriptions.http-table';
import { supportUpstreamHttpTable } from './support-upstream.http-table';
import { unknownPathsHttpTable } from './unknown-paths.http-table';
import { webhookExamplesHttpTable } from './webhook-examples.http-table';
import { webhookHealthHttpTable } from './webhook-health.http-table';
import { webhookLifecycleHttpTable } from './webhook-lifecycle.http-table';
import { webhookStatsHttpTable } from './webhook-stats.http-table';
import { webhookHttpTable } from './webhooks.http-table';

/** Every HTTP table of the API; each adapter runs all of them. */
export const httpTables: readonly HttpTable[] = [
  subscriptionHttpTable,
  couponHttpTable,
  journeyHttpTable,
  journeyCorsHttpTable,
  webhookHttpTable,
  webhookLifecycleHttpTable,
  webhookHealthHttpTable,
  webhookStatsHttpTable,
  webhookExamplesHttpTable,
  endpointControlsHttpTable,
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
  recoverHttpTable,
  eventsHttpTable,
  messageLogHttpTable,
  healthHttpTable,
  healthBehindHttpTable,
  healthDownHttpTable,
  unknownPathsHttpTable,
];
