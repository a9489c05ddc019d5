import type { Migration } from './migration';

/**
 * The W3C `tracestate` an event was emitted with, sent beside its `traceparent`; a webhook's
 * own retry schedule (a list of delays, or exponential with a cap and a count) as JSON; and the
 * last `endpoint.failing` operational event announced for it (`since`, `fraction`), so each is
 * announced once. All null when absent; no default, so adding them rewrites no rows.
 */
export const traceStateRetrySchedulesMigration: Migration = {
  version: 22,
  name: 'trace-state-retry-schedules',
  sql: `
    alter table {s}.events add column tracestate text;
    alter table {s}.webhooks add column retry_schedule jsonb, add column failing_notice jsonb;
  `,
};
