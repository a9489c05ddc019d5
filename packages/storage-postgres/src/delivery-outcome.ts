import { capResponseBody, type DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { type Sql, undeliveredFor } from './delivery-rows';

// One statement, so one round trip and atomic without BEGIN/COMMIT: each delivery moves only
// while its queue row's lease is still the completing worker's, and only the attempts of the
// deliveries that moved are logged (a late worker's attempt would take the number its successor
// writes). A final outcome deletes the queue row, a retry moves it to its time; the record's
// update touches no indexed column, so it stays on its page. The batch travels as one JSON
// parameter (one native JSON.stringify instead of eighteen escaped arrays). The logged attempts
// are counted into their webhook's UTC hour in the same statement, one row per webhook and hour,
// upserted in key order so two batches lock shared hours in one order.
const completeSql = `with input as (
     select * from json_to_recordset($1::json) as u(affiliate_id text, id text, lease_token text, status text,
       next_attempt_at timestamptz, updated_at timestamptz, attempt_id text, webhook_id text, event_id text,
       event_type text, attempt int, attempted_at timestamptz, payload_version text, succeeded boolean,
       status_code int, latency_ms int, response_body text, error text)
   ), finished as (
     delete from {s}.delivery_queue q using input u
     where q.affiliate_id = u.affiliate_id and q.webhook_id = u.webhook_id and q.id = u.id
       and q.lease_token = u.lease_token and u.status <> 'pending'
     returning q.affiliate_id, q.id
   ), retried as (
     update {s}.delivery_queue q set due_at = coalesce(u.next_attempt_at, q.due_at), lease_token = null,
       lease_expires_at = null
     from input u
     where q.affiliate_id = u.affiliate_id and q.webhook_id = u.webhook_id and q.id = u.id
       and q.lease_token = u.lease_token and u.status = 'pending'
     returning q.affiliate_id, q.id
   ), moved as (
     update {s}.deliveries d set status = u.status, attempts = d.attempts + 1, last_attempt_at = u.attempted_at,
       last_status_code = u.status_code, updated_at = u.updated_at,
       undelivered = ${undeliveredFor('u.status')}
     from input u join (select * from finished union all select * from retried) h
       on h.affiliate_id = u.affiliate_id and h.id = u.id
     where d.affiliate_id = u.affiliate_id and d.id = u.id
     returning d.affiliate_id, d.id
   ), logged as (
     insert into {s}.delivery_attempts (affiliate_id, id, delivery_id, webhook_id, event_id, event_type, attempt,
       attempted_at, payload_version, succeeded, status_code, latency_ms, response_body, error)
     select u.affiliate_id, u.attempt_id, u.id, u.webhook_id, u.event_id, u.event_type, u.attempt, u.attempted_at,
       u.payload_version, u.succeeded, u.status_code, u.latency_ms, u.response_body, u.error
     from input u join moved m on m.affiliate_id = u.affiliate_id and m.id = u.id
     returning affiliate_id, delivery_id, webhook_id, attempted_at, succeeded
   ), counted as (
     insert into {s}.webhook_attempt_hours as t (affiliate_id, webhook_id, hour, succeeded, failed)
     select affiliate_id, webhook_id, date_trunc('hour', attempted_at, 'UTC'),
       count(*) filter (where succeeded), count(*) filter (where not succeeded)
     from logged group by 1, 2, 3 order by 1, 2, 3
     on conflict (affiliate_id, webhook_id, hour) do update
       set succeeded = t.succeeded + excluded.succeeded, failed = t.failed + excluded.failed
   )
   select affiliate_id, delivery_id as id from logged`;

/** Outcomes: attempts written under their lease, pending deliveries cancelled, and how long an endpoint has been failing. */
export function deliveryOutcomes(
  db: Db,
  sql: Sql,
): Pick<DeliveryStore, 'complete' | 'completeMany' | 'cancelPending' | 'failingSince'> {
  const completeBatch = sql(completeSql);
  // Queued deliveries leave the queue, leased or not: a send in flight then finds its lease gone,
  // as when another worker took it over, and writes nothing.
  const cancel = sql(
    `with gone as (
       delete from {s}.delivery_queue where affiliate_id = $1 and webhook_id = $2 returning id
     )
     update {s}.deliveries d set status = 'cancelled', updated_at = $3, undelivered = true
     from gone where d.affiliate_id = $1 and d.id = gone.id and d.status = 'pending'
     returning d.id`,
  );
  const failing = sql(
    `select min(attempted_at) as since from {s}.delivery_attempts
     where affiliate_id = $1 and webhook_id = $2 and not succeeded
       and attempted_at > coalesce((select max(attempted_at) from {s}.delivery_attempts
         where affiliate_id = $1 and webhook_id = $2 and succeeded), '-infinity'::timestamptz)`,
  );

  const outcomes: Pick<DeliveryStore, 'complete' | 'completeMany' | 'cancelPending' | 'failingSince'> = {
    async complete(item) {
      // The batch statement with a batch of one: outcome and attempt in one atomic statement.
      const [done] = await outcomes.completeMany({ items: [item] });
      return done!;
    },
    async completeMany({ items }) {
      if (items.length === 0) return [];
      const input = items.map(({ affiliateId, id, leaseToken, outcome, updatedAt }) => {
        const { attempt } = outcome;
        return {
          affiliate_id: affiliateId,
          id,
          lease_token: leaseToken,
          status: outcome.status,
          next_attempt_at: outcome.status === 'pending' ? (outcome.nextAttemptAt ?? null) : null,
          updated_at: updatedAt,
          attempt_id: attempt.id,
          webhook_id: attempt.webhookId,
          event_id: attempt.eventId,
          event_type: attempt.eventType,
          attempt: attempt.attempt,
          attempted_at: attempt.attemptedAt,
          payload_version: attempt.payloadVersion,
          succeeded: attempt.succeeded,
          status_code: attempt.statusCode ?? null,
          latency_ms: attempt.latencyMs,
          response_body: attempt.responseBody === undefined ? null : capResponseBody(attempt.responseBody),
          error: attempt.error ?? null,
        };
      });
      // The attempt's own tenant and delivery are the item's (the contract's items always agree).
      const { rows } = await db.query<{ affiliate_id: string; id: string }>(completeBatch, [
        JSON.stringify(input),
      ]);
      const done = new Set(rows.map((row) => `${row.affiliate_id}\u0000${row.id}`));
      return items.map((i) => done.has(`${i.affiliateId}\u0000${i.id}`));
    },
    async cancelPending({ affiliateId, webhookId, now }) {
      const { rows } = await db.query(cancel, [affiliateId, webhookId, now]);
      return rows.length;
    },
    async failingSince({ affiliateId, webhookId }) {
      const { rows } = await db.query<{ since: Date | null }>(failing, [affiliateId, webhookId]);
      return rows[0]?.since ?? undefined;
    },
  };
  return outcomes;
}
