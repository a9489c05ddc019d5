import { coreMigration } from './001-core';
import { webhooksMigration } from './002-webhooks';
import { ordersCouponsMigration } from './003-orders-coupons';
import { outboxMigration } from './004-outbox';
import { journeysMigration } from './005-journeys';
import { supportMigration } from './006-support';
import { billingMigration } from './007-billing';
import { patientsMigration } from './008-patients';
import { recordsMigration } from './009-records';
import { outboxClaimOrderMigration } from './010-outbox-claim-order';
import { webhookBreakerMigration } from './011-webhook-breaker';
import { outboxRetentionMigration } from './012-outbox-retention';
import { telemetryMigration } from './013-telemetry';
import { eventListMigration } from './014-event-list';
import { eventTypeListMigration } from './015-event-type-list';
import { endpointControlsMigration } from './016-endpoint-controls';
import { deliveryLogMigration } from './017-delivery-log';
import { attemptHoursMigration } from './018-attempt-hours';
import { deferredDayCountsMigration } from './019-deferred-day-counts';
import { deliveryQueueMigration } from './020-delivery-queue';
import { dayCountChangesMigration } from './021-day-count-changes';
import { traceStateRetrySchedulesMigration } from './022-trace-state-retry-schedules';
import { receiverAuthMigration } from './023-receiver-auth';
import { operationalEventsMigration } from './024-operational-events';
import type { Migration } from './migration';

/** Every migration, in order. Append new ones; never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  coreMigration,
  webhooksMigration,
  ordersCouponsMigration,
  outboxMigration,
  journeysMigration,
  supportMigration,
  billingMigration,
  patientsMigration,
  recordsMigration,
  outboxClaimOrderMigration,
  webhookBreakerMigration,
  outboxRetentionMigration,
  telemetryMigration,
  eventListMigration,
  eventTypeListMigration,
  endpointControlsMigration,
  deliveryLogMigration,
  attemptHoursMigration,
  deferredDayCountsMigration,
  deliveryQueueMigration,
  dayCountChangesMigration,
  traceStateRetrySchedulesMigration,
  receiverAuthMigration,
  operationalEventsMigration,
].sort((a, b) => a.version - b.version);

export type { Migration } from './migration';
