import { z } from 'zod';
import type { Delivery, DeliveryAttempt } from '../storage/delivery-store';

/** One HTTP attempt of a delivery: its answer (status, latency, first 4 KiB) or why none came. */
export const attemptSchema = z.object({
  id: z.string(),
  deliveryId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  attemptedAt: z.iso.datetime(),
  payloadVersion: z.enum(['v1', 'v2']),
  succeeded: z.boolean(),
  statusCode: z.number().int().optional(),
  latencyMs: z.number().int(),
  responseBody: z.string().optional(),
  error: z.string().optional(),
});

/** One event to one webhook, and where it stands. */
export const deliverySchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  attempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().optional(),
  lastAttemptAt: z.iso.datetime().optional(),
  lastStatusCode: z.number().int().optional(),
  createdAt: z.iso.datetime(),
});

/** An attempt as the attempt log and a delivery's detail show it. */
export type AttemptView = z.infer<typeof attemptSchema>;

/** A delivery as the delivery routes and the message log show it. */
export type DeliveryView = z.infer<typeof deliverySchema>;

/** The view of one attempt. */
export const toAttemptView = (a: DeliveryAttempt): AttemptView => ({
  id: a.id,
  deliveryId: a.deliveryId,
  eventId: a.eventId,
  eventType: a.eventType,
  attempt: a.attempt,
  attemptedAt: a.attemptedAt.toISOString(),
  payloadVersion: a.payloadVersion,
  succeeded: a.succeeded,
  ...(a.statusCode === undefined ? {} : { statusCode: a.statusCode }),
  latencyMs: a.latencyMs,
  ...(a.responseBody === undefined ? {} : { responseBody: a.responseBody }),
  ...(a.error === undefined ? {} : { error: a.error }),
});

/** The view of one delivery. */
export const toDeliveryView = (d: Delivery): DeliveryView => ({
  id: d.id,
  webhookId: d.webhookId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  ...(d.nextAttemptAt ? { nextAttemptAt: d.nextAttemptAt.toISOString() } : {}),
  ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt.toISOString() } : {}),
  ...(d.lastStatusCode === undefined ? {} : { lastStatusCode: d.lastStatusCode }),
  createdAt: d.createdAt.toISOString(),
});

/** What the endpoint is sent for a delivery, rebuilt: the signature and custom header values hidden. */
export const deliveryRequestSchema = z.object({
  url: z.string().describe("The endpoint's current URL."),
  method: z.literal('POST'),
  payloadVersion: z.enum(['v1', 'v2']),
  headers: z
    .record(z.string(), z.string())
    .describe('The request headers; signature values read "(elided)", custom header values "********".'),
  payload: z
    .record(z.string(), z.unknown())
    .describe(
      "The body, built as for the last attempt (or now when none was made) in the webhook's payload version.",
    ),
});

/** The request of a delivery as its detail shows it. */
export type DeliveryRequestView = z.infer<typeof deliveryRequestSchema>;

/** `GET /v2/deliveries`: a page of deliveries, newest first, and whether more lie beyond it. */
export const deliveryListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ deliveries: z.array(deliverySchema), hasMore: z.boolean() }),
});

/** The retry schedule a delivery is retried on (docs/api.md §11.11), and where it comes from. */
export const retryScheduleInForceSchema = z.object({
  source: z
    .enum(['endpoint', 'event_type', 'service'])
    .describe(
      "The endpoint's own, the host's for the event type, or the service's (the default unless the host set one).",
    ),
  delaysMs: z
    .array(z.number().int())
    .describe('The delay before each retry, in ms (±20 % jitter when sent).'),
  maxAttempts: z.number().int().describe('Attempts in all: one more than the delays.'),
});

/** `GET /v2/deliveries/{deliveryId}`: the delivery, what its endpoint is sent, and its attempts. */
export const deliveryDetailAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    delivery: deliverySchema,
    request: deliveryRequestSchema.optional().describe('Absent when the webhook no longer exists.'),
    retrySchedule: retryScheduleInForceSchema
      .optional()
      .describe('The retry schedule in force for the delivery; absent when the webhook no longer exists.'),
    attempts: z
      .array(attemptSchema)
      .describe('Oldest first; at most the newest 100, numbered as they were made.'),
  }),
});
