import { z } from 'zod';
import { webhookEventPayloadSchema } from '../../http/schemas';
import { buildV2Payload, type EventRecord } from '../../rules/events/v2-payload';
import type { Delivery } from '../../storage/delivery-store';

/**
 * A recorded event as the log shows it: the v2 payload a v2 receiver gets (allowlisted fields,
 * identity block, attribution where the family carries it; never the raw v1 data), its
 * `timestamp` the moment the event occurred rather than that of an attempt.
 */
export const eventEnvelope = (event: EventRecord): Record<string, unknown> =>
  buildV2Payload(event, { attemptAt: event.occurredAt });

/** Where one webhook's delivery of the event stands. */
export const eventDeliverySchema = z.object({
  webhookId: z.string(),
  deliveryId: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().optional(),
  lastAttemptAt: z.iso.datetime().optional(),
  lastStatusCode: z.number().int().optional(),
});

/** One delivery of an event, as the event's detail lists it. */
export type EventDeliveryView = z.infer<typeof eventDeliverySchema>;

/** The view of one delivery of an event. */
export const toEventDeliveryView = (d: Delivery): EventDeliveryView => ({
  webhookId: d.webhookId,
  deliveryId: d.id,
  status: d.status,
  attempts: d.attempts,
  ...(d.nextAttemptAt ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
  ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt.toISOString() } : {}),
  ...(d.lastStatusCode === undefined ? {} : { lastStatusCode: d.lastStatusCode }),
});

/** `GET /v2/events`: a page of payloads, newest first, and whether more lie beyond it. */
export const eventListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ events: z.array(webhookEventPayloadSchema), hasMore: z.boolean() }),
});

/**
 * `GET /v2/events/{eventId}`: the payload, one delivery per webhook it went to, and the subscribed
 * webhooks whose filter it did not match (they got no delivery).
 */
export const eventAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    event: webhookEventPayloadSchema,
    deliveries: z.array(eventDeliverySchema),
    filteredOut: z
      .array(z.string())
      .describe('Ids of subscribed webhooks whose filter the event did not match, so they were not sent it.'),
  }),
});
