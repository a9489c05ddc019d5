import { z } from 'zod';
import type { Role } from '../ports/auth';
import type { WebhookResult } from './change-webhook';
import { healthCheckViewSchema, toWebhookView, webhookViewSchema } from './webhook-view';

/** Who reads webhooks: super admins and admins (docs/decisions/webhooks.md). */
export const webhookReaders: readonly Role[] = ['affiliate_super_admin', 'affiliate_admin'];

/** Who changes webhooks: super admins only, as SPEC 5.3 names for PUT. */
export const webhookWriters: readonly Role[] = ['affiliate_super_admin'];

/** Path parameters of `/v2/webhooks/{id}/...`. */
export const idParams = z.object({ id: z.string().min(1).max(200) });

/** A webhook answer that may carry `credentials` (create, PUT, rotateSecret). */
export const webhookAnswerSchema = z.object({ success: z.literal(true), data: webhookViewSchema });

/** A webhook answer that never carries `credentials`; strict, so a leak fails response checks. */
export const webhookReadAnswerSchema = z.object({
  success: z.literal(true),
  data: webhookViewSchema.omit({ credentials: true }).strict(),
});

/** `GET /v2/webhooks`. */
export const webhookListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(webhookViewSchema.omit({ credentials: true }).strict()),
});

/** A health-check answer (SPEC 4.7). */
export const healthAnswerSchema = z.object({
  success: z.literal(true),
  data: healthCheckViewSchema.extend({ persisted: z.boolean() }),
});

/** The JSON reply of a use case's webhook. */
export function webhookReply(status: number, result: WebhookResult) {
  return { status, body: { success: true, data: toWebhookView(result.webhook, result.secret) } };
}
