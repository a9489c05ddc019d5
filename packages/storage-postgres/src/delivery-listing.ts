import type { DeliveryStore } from '@affiliate-commerce/core/storage';
import type { Db } from './db';
import {
  type AttemptRow,
  type DeliveryRow,
  deliveryColumns,
  type EventRow,
  type Sql,
  toAttempt,
  toDelivery,
  toEvent,
} from './delivery-rows';
import { eventListStatement } from './event-list';

/** The outbox as the event log and the attempt log read it: events, a delivery, its attempts. */
export function deliveryListing(
  db: Db,
  sql: Sql,
  schema: string,
): Pick<DeliveryStore, 'getEvent' | 'listEvents' | 'listEventDeliveries' | 'get' | 'listAttempts'> {
  const getEvent = sql('select * from {s}.events where affiliate_id = $1 and id = $2');
  // The deliveries_event index of migration 012.
  const eventDeliveries = sql(
    `select ${deliveryColumns} from {s}.deliveries d where d.affiliate_id = $1 and d.event_id = $2
     order by d.created_at, d.id collate "C"`,
  );
  const get = sql(
    `select ${deliveryColumns} from {s}.deliveries d where d.affiliate_id = $1 and d.id = $2 and d.webhook_id = $3`,
  );
  const attempts = sql(
    `select *, count(*) over () as total from {s}.delivery_attempts
     where affiliate_id = $1 and webhook_id = $2
     order by attempted_at desc, id desc offset $3 limit $4`,
  );
  const countAttempts = sql(
    'select count(*)::int as total from {s}.delivery_attempts where affiliate_id = $1 and webhook_id = $2',
  );
  return {
    async getEvent({ affiliateId, eventId }) {
      const { rows } = await db.query<EventRow>(getEvent, [affiliateId, eventId]);
      return rows[0] && toEvent(rows[0]);
    },
    async listEvents(query) {
      const { text, params, upwards } = eventListStatement(schema, query);
      const { rows } = await db.query<EventRow>(text, params);
      const page = rows.slice(0, query.limit).map(toEvent);
      return { events: upwards ? page.reverse() : page, hasMore: rows.length > query.limit };
    },
    async listEventDeliveries({ affiliateId, eventId }) {
      const { rows } = await db.query<DeliveryRow>(eventDeliveries, [affiliateId, eventId]);
      return rows.map(toDelivery);
    },
    async get({ affiliateId, webhookId, id }) {
      const { rows } = await db.query<DeliveryRow>(get, [affiliateId, id, webhookId]);
      return rows[0] && toDelivery(rows[0]);
    },
    async listAttempts({ affiliateId, webhookId, offset, limit }) {
      const { rows } = await db.query<AttemptRow & { total: string }>(attempts, [
        affiliateId,
        webhookId,
        offset,
        limit,
      ]);
      if (rows.length > 0) return { items: rows.map(toAttempt), total: Number(rows[0]!.total) };
      const counted = await db.query<{ total: number }>(countAttempts, [affiliateId, webhookId]);
      return { items: [], total: counted.rows[0]?.total ?? 0 };
    },
  };
}
