import { webhookEventSchema } from '@affiliate-commerce/webhook-verify/schemas';
import { z } from 'zod';

/** The error envelope of docs/api.md §7.1, for documentation and response checks. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

/**
 * Schemas the OpenAPI document names instead of spelling out: each is written as a reference to
 * `#/components/schemas/<component>`, a schema the document defines once.
 */
export const namedSchemas = z.registry<{ readonly component: string }>();

/**
 * Any v2 payload, as a v2 receiver gets it and parses it (webhook-verify's schema): an answer that
 * carries payloads is checked against what receivers accept. `WebhookEvent` in the document.
 */
export const webhookEventPayloadSchema = webhookEventSchema.register(namedSchemas, {
  component: 'WebhookEvent',
});
