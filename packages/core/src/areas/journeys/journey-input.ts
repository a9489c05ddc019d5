import { z } from 'zod';
import { journeyStatuses } from '../../storage/journey-store';
import { instant, recordId } from '../orders/order-input';

/**
 * A journey slug: lower-case letters and digits in words joined by `-` or `_`, up to 100
 * characters. Lower case only, because slugs are one namespace across affiliates and travel in
 * URLs, where `Start` and `start` would be two pages of one template.
 */
export const journeySlug = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, 'must be lower-case letters and digits joined by - or _');

const displayName = z
  .string()
  .min(1)
  .max(200)
  .regex(
    /^[^\p{Cc}\p{Cs}\s](?:[^\p{Cc}\p{Cs}]*[^\p{Cc}\p{Cs}\s])?$/u,
    'must not start or end with whitespace, nor contain control characters',
  );

/** An http(s) landing page with no credentials, at most 1024 characters (the limit of docs/api.md §8.2). */
const landingUrl = z
  .string()
  .max(1024)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL without credentials');

/**
 * What the host's commerce back end sends to create or update a journey template. Field names
 * are those of docs/api.md §4.9 and §6.2.
 */
export const recordJourneyTemplateInput = z.strictObject({
  affiliateId: recordId,
  template: z.strictObject({
    slug: journeySlug,
    template_display_name: displayName,
    landing_url: landingUrl,
    journey_type: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,63}$/, 'must be lower-case letters, digits and _ (up to 64)'),
    campaignId: recordId.optional(),
  }),
});

/** Input of `service.commerce.recordJourneyTemplate`. */
export type RecordJourneyTemplateInput = z.input<typeof recordJourneyTemplateInput>;

/** What the host's commerce back end sends when a journey moves on. */
export const setJourneyStatusInput = z.strictObject({
  affiliateId: recordId,
  journeyId: recordId,
  status: z.enum(journeyStatuses),
  /** When it happened; defaults to now. */
  at: instant.optional(),
});

/** Input of `service.commerce.setJourneyStatus`. */
export type SetJourneyStatusInput = z.input<typeof setJourneyStatusInput>;
