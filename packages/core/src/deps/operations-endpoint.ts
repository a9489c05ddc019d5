import type { EventRecord } from '../rules/events/v2-payload';

/**
 * The host's operations endpoint (`operations` of `createService`, docs/api.md §11.12): every
 * operational event is also sent there as a signed webhook, by the delivery worker.
 *
 * @example
 * createService({ ...ports, operations: { url: 'https://ops.example.com/hooks', secret: process.env.OPS_WEBHOOK_SECRET! } });
 */
export interface OperationsEndpoint {
  /** Where the events are POSTed; checked as a webhook URL is (HTTPS, no private address, allowed ports). */
  readonly url: string;
  /** A Standard Webhooks secret (`whsec_` and base64 of at least 24 bytes): the endpoint's own, shared with no affiliate. */
  readonly secret: string;
}

/**
 * The owner of the operations endpoint's webhook row and of the events queued for it: no
 * affiliate can have this id (`affiliates.upsert` refuses it), so no affiliate ever reads or is
 * sent them.
 */
export const operationsAffiliateId = '_operations';

/** The id of the operations endpoint's webhook row. */
export const operationsWebhookId = 'whk_operations';

/**
 * The body of an operational webhook, in the Standard Webhooks shape: `type`, `timestamp` (of the
 * attempt) and `data` (the event's fields, `affiliateId` and `webhookId` among them).
 *
 * @example
 * operationalPayload(stored, new Date()) // { type: 'endpoint.disabled', timestamp: '…', data: { affiliateId, webhookId, at, reason } }
 */
export function operationalPayload(event: EventRecord, attemptAt: Date): Record<string, unknown> {
  return { type: event.eventType, timestamp: attemptAt.toISOString(), data: { ...event.data } };
}
