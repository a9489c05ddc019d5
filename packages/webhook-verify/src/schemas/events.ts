import { z } from 'zod';
import { type WebhookEventType, webhookEventCategories } from '../events/event-types';
import type { PatientIdentity, WebhookEnvelope, WebhookEvent, WebhookEventOf } from '../events/types';
import { categoryFieldSchemas } from './fields';

/** The envelope of docs/api.md §2.7 (without `event_type`, which each event schema fixes). */
const envelopeShape = {
  event_id: z.string().min(1),
  api_version: z.string(),
  timestamp: z.iso.datetime({ offset: true }),
  timestamp_epoch: z.int(),
  affiliate_id: z.string(),
  // Only examples carry it (true); accepting false too keeps receivers parsing if that ever changes.
  example: z.boolean().optional(),
};

/** The patient-identity block of docs/api.md §6.3. @example identityBlockSchema.parse(event) */
export const identityBlockSchema = z.object({
  patient_marketing_consent: z.boolean(),
  is_returning_patient: z.boolean(),
  patient_id: z.string().optional(),
  patient_external_id: z.string().optional(),
}) satisfies z.ZodType<PatientIdentity>;

/** The envelope alone, for any event type. @example envelopeSchema.parse(JSON.parse(body)).event_id */
export const envelopeSchema: z.ZodType<WebhookEnvelope<WebhookEventType>> = z.looseObject({
  event_type: z.enum(Object.keys(webhookEventCategories) as [WebhookEventType, ...WebhookEventType[]]),
  ...envelopeShape,
});

function eventSchema(name: WebhookEventType) {
  const { first_purchase, ...rest } = categoryFieldSchemas[webhookEventCategories[name]].shape as Record<
    string,
    z.ZodType
  >;
  const fields =
    name === 'journey_contact_captured'
      ? rest
      : name === 'subscription_renewed'
        ? { ...rest, first_purchase: z.literal(false) }
        : first_purchase === undefined
          ? rest
          : { ...rest, first_purchase };
  // Loose: fields are additive within an api_version (docs/api.md §9.2), so unknown keys pass through.
  return z.looseObject({
    event_type: z.literal(name),
    ...envelopeShape,
    ...identityBlockSchema.shape,
    ...fields,
  });
}

/** The schema of each event type. */
export type WebhookEventSchemas = { [E in WebhookEventType]: z.ZodType<WebhookEventOf<E>> };

/**
 * One schema per public event type.
 *
 * @example
 * const renewal = webhookEventSchemas.subscription_renewed.parse(data);
 */
export const webhookEventSchemas = Object.fromEntries(
  (Object.keys(webhookEventCategories) as WebhookEventType[]).map((name) => [name, eventSchema(name)]),
) as unknown as WebhookEventSchemas;

/**
 * Any public v2 event, discriminated by `event_type`. Pass it to `verifyWebhook` to validate
 * what was verified.
 *
 * @example
 * const event = verifyWebhook({ payload, signature, secret, schema: webhookEventSchema });
 */
export const webhookEventSchema = z.discriminatedUnion(
  'event_type',
  Object.values(webhookEventSchemas) as unknown as [z.ZodObject, ...z.ZodObject[]],
) as unknown as z.ZodType<WebhookEvent>;
