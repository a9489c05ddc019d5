import type { Migration } from './migration';

/** Events, their deliveries (the outbox) and the attempt log. */
export const outboxMigration: Migration = {
  version: 4,
  name: 'outbox',
  sql: `
    create table {s}.events (
      affiliate_id text not null,
      id text not null,
      event_type text not null,
      occurred_at timestamptz not null,
      data jsonb not null,
      patient jsonb,
      attribution jsonb,
      primary key (affiliate_id, id)
    );

    create table {s}.deliveries (
      affiliate_id text not null,
      id text not null,
      webhook_id text not null,
      event_id text not null,
      event_type text not null,
      status text not null check (status in ('pending', 'succeeded', 'failed', 'cancelled')),
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      last_attempt_at timestamptz,
      last_status_code integer,
      lease_token text,
      lease_expires_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (affiliate_id, id)
    );
    -- Workers scan only what is due.
    create index deliveries_due on {s}.deliveries (next_attempt_at) where status = 'pending';
    create index deliveries_webhook on {s}.deliveries (affiliate_id, webhook_id, status);

    create table {s}.delivery_attempts (
      affiliate_id text not null,
      id text not null,
      delivery_id text not null,
      webhook_id text not null,
      event_id text not null,
      event_type text not null,
      attempt integer not null,
      attempted_at timestamptz not null,
      payload_version text not null,
      succeeded boolean not null,
      status_code integer,
      latency_ms integer not null,
      response_body text,
      error text,
      primary key (affiliate_id, id)
    );
    create index delivery_attempts_log on {s}.delivery_attempts (affiliate_id, webhook_id, attempted_at desc, id desc);
  `,
};
