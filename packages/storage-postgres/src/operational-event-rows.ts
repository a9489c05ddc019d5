import {
  keptOperationalEvents,
  type StoredOperationalEvent,
  type WebhookStore,
} from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import { withSchema } from './identifiers';

interface OperationalEventRow {
  affiliate_id: string;
  webhook_id: string;
  id: string;
  type: string;
  at: Date;
  details: Record<string, unknown>;
}

const toEvent = (row: OperationalEventRow): StoredOperationalEvent => ({
  id: row.id,
  affiliateId: row.affiliate_id,
  webhookId: row.webhook_id,
  type: row.type,
  at: row.at,
  details: row.details,
});

/**
 * The operational events of webhooks: an insert that also deletes the webhook's events beyond
 * the newest {@link keptOperationalEvents}, and the newest first of one webhook of an affiliate.
 * An event of a webhook deleted meanwhile is dropped (no row to keep it for).
 */
export function operationalEventRows(
  db: Db,
  schema: string,
): Pick<WebhookStore, 'addOperationalEvent' | 'recentOperationalEvents'> {
  const add = withSchema(
    `insert into {s}.operational_events (affiliate_id, webhook_id, id, type, at, details)
     select $1, $2, $3, $4, $5, $6::jsonb
     where exists (select 1 from {s}.webhooks w where w.id = $2 and w.affiliate_id = $1)
     on conflict do nothing
     returning id`,
    schema,
  );
  // Keeps the newest `keptOperationalEvents`: deletes those before the last of them (none while fewer).
  const trim = withSchema(
    `delete from {s}.operational_events
     where webhook_id = $1 and (at, id) < (
       select at, id from {s}.operational_events where webhook_id = $1
       order by at desc, id desc offset ${keptOperationalEvents - 1} limit 1
     )`,
    schema,
  );
  const recent = withSchema(
    `select * from {s}.operational_events where affiliate_id = $1 and webhook_id = $2
     order by at desc, id desc limit $3`,
    schema,
  );
  return {
    async addOperationalEvent({ event }) {
      const { rows } = await db.query(add, [
        event.affiliateId,
        event.webhookId,
        event.id,
        event.type,
        event.at,
        JSON.stringify(event.details),
      ]);
      if (rows.length === 1) await db.query(trim, [event.webhookId]);
    },
    async recentOperationalEvents({ affiliateId, webhookId, limit }) {
      const { rows } = await db.query<OperationalEventRow>(recent, [affiliateId, webhookId, limit]);
      return rows.map(toEvent);
    },
  };
}
