import { z } from 'zod';
import type { Journey, JourneyTemplate } from '../../storage/journey-store';
import { journeyStatuses } from '../../storage/journey-store';

const touchSchema = z.object({
  captured_at: z.iso.datetime(),
  landing_url: z.string().optional(),
  referrer_url: z.string().optional(),
  params: z.record(z.string(), z.string()),
});

/** The attribution object of docs/api.md §2.8, for documentation and response checks. */
export const attributionSchema = z.object({
  first: touchSchema,
  last: touchSchema,
  touch_count: z.number().int().min(1),
  visitor_id: z.string().optional(),
});

/** What a storefront renders for a slug (docs/api.md §4.9 names). */
export const templateViewSchema = z.object({
  id: z.string(),
  slug: z.string(),
  template_display_name: z.string(),
  landing_url: z.string(),
  journey_type: z.string(),
  campaignId: z.string().optional(),
});

/**
 * A journey as the affiliate reads it, with the field names of the journey events (docs/api.md §6.2,
 * JOURNEY): `ecommerce_order_id` once an order exists, `attribution` only when something was
 * captured (docs/api.md §2.8 rule 1).
 */
export const journeyViewSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  template_slug: z.string(),
  status: z.enum(journeyStatuses),
  started_at: z.iso.datetime(),
  completed_at: z.iso.datetime().optional(),
  abandoned_at: z.iso.datetime().optional(),
  ecommerce_order_id: z.string().optional(),
  campaignId: z.string().optional(),
  attribution: attributionSchema.optional(),
});

/** @example toTemplateView(template).template_display_name // 'Start your plan' */
export function toTemplateView(template: JourneyTemplate): z.infer<typeof templateViewSchema> {
  return {
    id: template.id,
    slug: template.slug,
    template_display_name: template.templateDisplayName,
    landing_url: template.landingUrl,
    journey_type: template.journeyType,
    ...(template.campaignId === undefined ? {} : { campaignId: template.campaignId }),
  };
}

export function toJourneyView(journey: Journey): z.infer<typeof journeyViewSchema> {
  return {
    id: journey.id,
    template_id: journey.templateId,
    template_slug: journey.templateSlug,
    status: journey.status,
    started_at: journey.startedAt.toISOString(),
    ...(journey.completedAt ? { completed_at: journey.completedAt.toISOString() } : {}),
    ...(journey.abandonedAt ? { abandoned_at: journey.abandonedAt.toISOString() } : {}),
    ...(journey.orderId === undefined ? {} : { ecommerce_order_id: journey.orderId }),
    ...(journey.campaignId === undefined ? {} : { campaignId: journey.campaignId }),
    ...(journey.attribution === undefined ? {} : { attribution: journey.attribution }),
  };
}
