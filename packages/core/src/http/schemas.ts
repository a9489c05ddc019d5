import { z } from 'zod';

/** The error envelope of DESIGN.md, for documentation and response checks. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});
