import type { Migration } from './migration';

/**
 * Attempts counted by webhook and hour, written by the statement that logs them, so the endpoint
 * health view reads at most 168 small rows instead of the attempt log. `hour` is the start of a
 * UTC hour; retention deletes by it.
 */
export const attemptHoursMigration: Migration = {
  version: 18,
  name: 'attempt-hours',
  sql: `
    create table {s}.webhook_attempt_hours (
      affiliate_id text not null,
      webhook_id text not null,
      hour timestamptz not null,
      succeeded integer not null default 0,
      failed integer not null default 0,
      primary key (affiliate_id, webhook_id, hour)
    );
    create index webhook_attempt_hours_hour on {s}.webhook_attempt_hours (hour);
  `,
};
