import type { Migration } from './migration';

/**
 * The trace context an event was emitted in (delivery attempt spans link to it), and why and
 * when a webhook was disabled (the worker's automatic disable, or the status call).
 */
export const telemetryMigration: Migration = {
  version: 13,
  name: 'telemetry',
  sql: `
    alter table {s}.events add column traceparent text;
    alter table {s}.webhooks add column disabled_reason text, add column disabled_at timestamptz;
  `,
};
