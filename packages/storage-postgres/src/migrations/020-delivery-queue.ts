import type { Migration } from './migration';

/**
 * Pending work moves out of the delivery record into a queue of its own. `delivery_queue` holds
 * one narrow row per pending delivery (when it is due, who leases it, its entity and sequence for
 * ordered webhooks): the claim reads and locks only it, and an outcome deletes the row (or moves
 * it to the retry's time). The delivery record keeps what the logs read, and every index left on
 * it keys on what never changes (tenant, id, event, webhook, creation time), so the outcome's
 * update of its state is heap-only. Both tables leave room on each page (`fillfactor`) for the
 * new versions a batch writes there, which is what keeps those updates on their page.
 *
 * Retention finds finished deliveries through `deliveries_created`: a delivery last changed
 * before a time was created before it. No index carries the state, which every outcome changes.
 * The message log finds deliveries that failed or were cancelled, few among many, through
 * `undelivered` instead: true for them and null otherwise, so a success leaves it as it was.
 *
 * Processes of an earlier release write deliveries without a queue row; their statements name
 * the columns this drops, so they fail instead of queueing work no worker would claim. Stop them
 * before processes of this release start. Built in the migration's transaction: on a large
 * outbox, apply it while traffic is low.
 */
export const deliveryQueueMigration: Migration = {
  version: 20,
  name: 'delivery-queue',
  sql: `
    create table {s}.delivery_queue (
      affiliate_id text not null,
      webhook_id text not null,
      id text not null,
      due_at timestamptz not null,
      lease_token text,
      lease_expires_at timestamptz,
      ordering_key text,
      seq bigint not null default nextval('{s}.deliveries_seq'),
      primary key (affiliate_id, webhook_id, id)
    ) with (fillfactor = 20);
    create index delivery_queue_due on {s}.delivery_queue (due_at, id);
    create index delivery_queue_ordering on {s}.delivery_queue (webhook_id, ordering_key, seq)
      where ordering_key is not null;

    insert into {s}.delivery_queue (affiliate_id, webhook_id, id, due_at, lease_token, lease_expires_at,
      ordering_key, seq)
    select affiliate_id, webhook_id, id, coalesce(next_attempt_at, created_at), lease_token, lease_expires_at,
      ordering_key, coalesce(seq, nextval('{s}.deliveries_seq'))
    from {s}.deliveries where status = 'pending';

    drop index {s}.deliveries_due;
    drop index {s}.deliveries_ordering;
    drop index {s}.deliveries_finished;
    drop index {s}.deliveries_webhook;
    create index deliveries_webhook
      on {s}.deliveries (affiliate_id, webhook_id, created_at desc, id collate "C" desc);
    create index deliveries_created on {s}.deliveries (created_at);
    alter table {s}.deliveries drop column next_attempt_at, drop column lease_token,
      drop column lease_expires_at, drop column seq, add column undelivered boolean;
    update {s}.deliveries set undelivered = true where status in ('failed', 'cancelled');
    create index deliveries_undelivered
      on {s}.deliveries (affiliate_id, created_at desc, id collate "C" desc) where undelivered;
    create index deliveries_webhook_undelivered
      on {s}.deliveries (affiliate_id, webhook_id, created_at desc, id collate "C" desc) where undelivered;
    alter table {s}.deliveries set (fillfactor = 50);
  `,
};
