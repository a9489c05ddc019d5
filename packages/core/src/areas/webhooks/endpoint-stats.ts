import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { AttemptHour } from '../../storage/delivery-store';
import type { Webhook } from '../../storage/webhook-store';

const hourMs = 3_600_000;

/** Most hours one stats answer covers (a week). */
export const maxStatsHours = 168;
/** Hours covered when `hours` is left out. */
export const defaultStatsHours = 24;

const hoursProblem = `must be a whole number from 1 to ${maxStatsHours}`;

/** The query of `GET /v2/webhooks/{id}/stats`; a bad `hours` is 422 INVALID_FIELD on `hours`. */
export const statsQuery = z.object({
  hours: z.coerce
    .number({ error: hoursProblem })
    .int(hoursProblem)
    .min(1, hoursProblem)
    .max(maxStatsHours, hoursProblem)
    .default(defaultStatsHours)
    .meta({
      description: `Hours covered, ending with the current one: 1 to ${maxStatsHours} (default ${defaultStatsHours}).`,
    }),
});

/**
 * What a status badge shows: `disabled` (with `reason` and `since`), `breaker_open` (the circuit
 * breaker is open or half-open: `since` the outage began, `until` the next probe), `failing` (the
 * last attempts failed, not yet enough to open the breaker), `idle` (no attempt in the window) or
 * `healthy`.
 */
export const endpointHealthSchema = z.object({
  status: z.enum(['healthy', 'failing', 'breaker_open', 'disabled', 'idle']),
  since: z.iso.datetime().optional(),
  until: z.iso.datetime().optional(),
  reason: z.enum(['gone', 'failing', 'manual']).optional(),
});

/** An endpoint's health as the badge shows it. */
export type EndpointHealth = z.infer<typeof endpointHealthSchema>;

const hourViewSchema = z.object({
  hour: z.iso.datetime(),
  succeeded: z.number().int(),
  failed: z.number().int(),
});

/** The answer of `GET /v2/webhooks/{id}/stats` (docs/api.md §4.19). */
export const statsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    webhookId: z.string(),
    from: z.iso.datetime(),
    to: z.iso.datetime(),
    hours: z.array(hourViewSchema),
    succeeded: z.number().int(),
    failed: z.number().int(),
    successRate: z.number().min(0).max(1).nullable(),
    health: endpointHealthSchema,
  }),
});

/** The stats of one webhook as the API shows them. */
export type WebhookStatsView = z.infer<typeof statsAnswerSchema>['data'];

/**
 * The badge of a webhook, from its record and its attempts in the window, first match wins:
 * disabled, breaker open or half-open, consecutive failures on a closed breaker, no attempts, healthy.
 */
export function endpointHealth(webhook: Webhook, attempts: number): EndpointHealth {
  if (webhook.status === 'disabled')
    return {
      status: 'disabled',
      ...(webhook.disabledAt ? { since: webhook.disabledAt.toISOString() } : {}),
      ...(webhook.disabledReason ? { reason: webhook.disabledReason } : {}),
    };
  const breaker = webhook.breaker;
  if (breaker && breaker.state !== 'closed')
    return {
      status: 'breaker_open',
      ...(breaker.openedAt ? { since: breaker.openedAt.toISOString() } : {}),
      ...(breaker.retryAt ? { until: breaker.retryAt.toISOString() } : {}),
    };
  if (breaker && breaker.failures > 0) return { status: 'failing' };
  return { status: attempts === 0 ? 'idle' : 'healthy' };
}

/** The window's hours, oldest first, each with its counts (zero for an hour without a row). */
function filledHours(first: number, count: number, rows: readonly AttemptHour[]) {
  const counted = new Map(rows.map((row) => [row.hour.getTime(), row]));
  return Array.from({ length: count }, (_, index) => {
    const hour = first + index * hourMs;
    const row = counted.get(hour);
    return { hour: new Date(hour).toISOString(), succeeded: row?.succeeded ?? 0, failed: row?.failed ?? 0 };
  });
}

/**
 * A webhook's attempts hour by hour over the last `hours` hours (UTC, the current one last), with
 * totals, the success rate and the badge. Reads the webhook and at most `hours` counter rows, never
 * the attempt log.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function webhookStats(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string; id: string; hours: number },
): ResultAsync<WebhookStatsView, DomainError> {
  const current = Math.floor(deps.clock.now().getTime() / hourMs) * hourMs;
  const from = current - (request.hours - 1) * hourMs;
  const to = current + hourMs;
  return ResultAsync.fromSafePromise(
    deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
  )
    .andThen((webhook) => (webhook ? okAsync(webhook) : errAsync(notFound('webhook'))))
    .andThen((webhook) =>
      ResultAsync.fromSafePromise(
        deps.storage.deliveries.attemptHours({
          affiliateId: webhook.affiliateId,
          webhookId: webhook.id,
          from: new Date(from),
          to: new Date(to),
        }),
      ).map((rows) => {
        const hours = filledHours(from, request.hours, rows);
        const succeeded = hours.reduce((sum, hour) => sum + hour.succeeded, 0);
        const failed = hours.reduce((sum, hour) => sum + hour.failed, 0);
        return {
          webhookId: webhook.id,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          hours,
          succeeded,
          failed,
          successRate: succeeded + failed === 0 ? null : succeeded / (succeeded + failed),
          health: endpointHealth(webhook, succeeded + failed),
        };
      }),
    );
}
