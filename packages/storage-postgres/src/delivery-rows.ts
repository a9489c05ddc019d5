import type { EventRecord } from '@affiliate-commerce/core';
import type { Delivery, DeliveryAttempt, DeliveryStatus } from '@affiliate-commerce/core/storage';

// The rows of the outbox's tables and the records made of them, shared by the parts of the delivery store.

/** Fills in the schema of a statement (`withSchema` for the store's schema). */
export type Sql = (text: string) => string;

/**
 * A delivery as the reads select it from `{s}.deliveries d`: the record, with its next attempt
 * from its queue row (only a pending delivery has one), looked up by key for each row read.
 */
export const deliveryColumns = `d.affiliate_id, d.id, d.webhook_id, d.event_id, d.event_type, d.status, d.attempts,
  (select q.due_at from {s}.delivery_queue q
    where q.affiliate_id = d.affiliate_id and q.webhook_id = d.webhook_id and q.id = d.id) as next_attempt_at,
  d.last_attempt_at, d.last_status_code, d.ordering_key, d.created_at, d.updated_at`;

/**
 * The `undelivered` column for a delivery of the state `status` (an SQL expression): true when it
 * failed or was cancelled, null otherwise, so only those few enter the partial indexes
 * `where undelivered` that the message log's filters read.
 */
export const undeliveredFor = (status: string): string =>
  `case when ${status} in ('failed', 'cancelled') then true end`;

export interface DeliveryRow {
  affiliate_id: string;
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  /** Absent from rows read without it (the claim's JSON names its columns). */
  ordering_key?: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface EventRow {
  affiliate_id: string;
  id: string;
  event_type: string;
  occurred_at: Date;
  data: Record<string, unknown>;
  patient: EventRecord['patient'] | null;
  attribution: Record<string, unknown> | null;
  traceparent: string | null;
  /** Absent from rows read without it (a claim's JSON that does not name it). */
  tracestate?: string | null;
  /** Absent from rows read without it (the claim's JSON names its columns). */
  filtered_out?: string[] | null;
}

/** A claimed delivery with its event's columns, as the claim's JSON carries them (timestamps as text). */
export interface ClaimedJson
  extends Omit<DeliveryRow, 'next_attempt_at' | 'last_attempt_at' | 'created_at' | 'updated_at'> {
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  updated_at: string;
  event_occurred_at: string;
  event_data: EventRow['data'];
  event_patient: EventRow['patient'];
  event_attribution: EventRow['attribution'];
  event_traceparent: EventRow['traceparent'];
  event_tracestate?: EventRow['tracestate'];
}

export interface AttemptRow {
  affiliate_id: string;
  id: string;
  delivery_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  attempted_at: Date;
  payload_version: 'v1' | 'v2';
  succeeded: boolean;
  status_code: number | null;
  latency_ms: number;
  response_body: string | null;
  error: string | null;
}

export const toDelivery = (row: DeliveryRow): Delivery => ({
  id: row.id,
  affiliateId: row.affiliate_id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  attempts: row.attempts,
  ...(row.status === 'pending' && row.next_attempt_at ? { nextAttemptAt: row.next_attempt_at } : {}),
  ...(row.last_attempt_at ? { lastAttemptAt: row.last_attempt_at } : {}),
  ...(row.last_status_code !== null ? { lastStatusCode: row.last_status_code } : {}),
  ...(row.ordering_key ? { orderingKey: row.ordering_key } : {}),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const toEvent = (row: EventRow): EventRecord => ({
  eventId: row.id,
  eventType: row.event_type,
  affiliateId: row.affiliate_id,
  occurredAt: row.occurred_at,
  data: row.data,
  ...(row.patient ? { patient: row.patient } : {}),
  ...(row.attribution ? { attribution: row.attribution } : {}),
  ...(row.traceparent ? { traceparent: row.traceparent } : {}),
  ...(row.tracestate ? { tracestate: row.tracestate } : {}),
  ...(row.filtered_out && row.filtered_out.length > 0 ? { filteredOut: row.filtered_out } : {}),
});

export const toAttempt = (row: AttemptRow): DeliveryAttempt => ({
  id: row.id,
  deliveryId: row.delivery_id,
  affiliateId: row.affiliate_id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  eventType: row.event_type,
  attempt: row.attempt,
  attemptedAt: row.attempted_at,
  payloadVersion: row.payload_version,
  succeeded: row.succeeded,
  ...(row.status_code !== null ? { statusCode: row.status_code } : {}),
  latencyMs: row.latency_ms,
  ...(row.response_body !== null ? { responseBody: row.response_body } : {}),
  ...(row.error !== null ? { error: row.error } : {}),
});

/** An event's columns in the order the event inserts name them ($1 to $8; `tracestate` is apart, see {@link eventTracestate}). */
export const eventColumns = (event: EventRecord): unknown[] => [
  event.affiliateId,
  event.eventId,
  event.eventType,
  event.occurredAt,
  JSON.stringify(event.data),
  event.patient ? JSON.stringify(event.patient) : null,
  event.attribution ? JSON.stringify(event.attribution) : null,
  event.traceparent ?? null,
];

/** An event's `tracestate` column, which the event inserts take after their other parameters. */
export const eventTracestate = (event: EventRecord): string | null => event.tracestate ?? null;
