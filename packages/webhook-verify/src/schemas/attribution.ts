import { z } from 'zod';
import type { Attribution, AttributionTouch } from '../events/attribution';

/** One touch of docs/api.md §2.8: keys never stored are omitted, never null. @example attributionTouchSchema.parse(event.attribution?.last) */
export const attributionTouchSchema: z.ZodType<AttributionTouch> = z.object({
  captured_at: z.string(),
  landing_url: z.string().optional(),
  referrer_url: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
});

/** The attribution object of docs/api.md §2.8. @example attributionSchema.parse(event.attribution) */
export const attributionSchema: z.ZodType<Attribution> = z.object({
  first: attributionTouchSchema.optional(),
  last: attributionTouchSchema.optional(),
  touch_count: z.int().nonnegative().optional(),
  visitor_id: z.string().optional(),
});
