import { errAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type DomainError, invalidField, notFound, webhookDisabled } from '../base/errors';
import type { ServiceDeps } from '../deps/service-deps';
import type { RecoverResult } from '../storage/delivery-store';

/** How far back a recovery may reach: 14 days, as Svix allows. */
export const maxRecoverWindowMs = 14 * 24 * 60 * 60 * 1000;

/** Most deliveries one recovery re-queues; `hasMore` tells the caller to call again. */
export const maxRecoverPerCall = 10_000;

/** The body of `POST /v2/webhooks/{id}/actions/recover`. */
export const recoverBody = z
  .object({
    /** Failed deliveries whose last attempt is at or after this time. */
    since: z.iso.datetime({ offset: true }),
    /** ...and before this time; default now. */
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

/** Input of `service.deliveries.recover`. */
export interface RecoverInput {
  readonly affiliateId: string;
  readonly webhookId: string;
  readonly since: Date;
  /** End of the window (exclusive); default now, and a later time counts as now. */
  readonly until?: Date;
  /** Most deliveries to re-queue in this call; default and ceiling {@link maxRecoverPerCall}. */
  readonly limit?: number;
}

function checkWindow(since: Date, until: Date, now: Date): DomainError | undefined {
  if (Number.isNaN(since.getTime())) return invalidField('since', 'must be a date-time');
  if (Number.isNaN(until.getTime())) return invalidField('until', 'must be a date-time');
  if (since.getTime() >= until.getTime())
    return invalidField('since', 'must be before until (and before now)');
  // A minute of slack: a caller asking for exactly 14 days back by its own clock is not refused.
  if (since.getTime() < now.getTime() - maxRecoverWindowMs - 60_000)
    return invalidField('since', 'must be at most 14 days ago');
  return undefined;
}

/**
 * Recovery after an endpoint's outage: the webhook's failed deliveries whose last attempt falls
 * in `[since, until)` are due again now, each with a fresh attempt budget. At most `limit` (10,000)
 * per call, oldest first; `hasMore` says more are waiting, so call again. A second call re-queues
 * nothing new (they are pending). A disabled webhook is refused (409 `WEBHOOK_DISABLED`, as
 * `sendExample` is): the worker would cancel what it re-queued; enable it first.
 *
 * @returns 404 when the webhook is not the affiliate's
 * @returns 409 WEBHOOK_DISABLED when the webhook is disabled
 * @returns 422 when a date is invalid, `since` is not before `until` (or now), or over 14 days ago
 */
export function recoverDeliveries(
  deps: ServiceDeps,
  input: RecoverInput,
): ResultAsync<RecoverResult, DomainError> {
  const now = deps.clock.now();
  const until = input.until && input.until.getTime() < now.getTime() ? input.until : now;
  const invalid = checkWindow(input.since, input.until ?? now, now) ?? checkWindow(input.since, until, now);
  if (invalid) return errAsync(invalid);
  const limit = Math.min(maxRecoverPerCall, input.limit ?? maxRecoverPerCall);
  if (!Number.isInteger(limit) || limit < 1)
    return errAsync(invalidField('limit', 'must be a whole number from 1'));
  return ResultAsync.fromSafePromise(
    deps.storage.webhooks.get({ affiliateId: input.affiliateId, id: input.webhookId }),
  ).andThen((webhook) => {
    if (!webhook) return errAsync(notFound('webhook'));
    if (webhook.status !== 'enabled') return errAsync(webhookDisabled());
    return ResultAsync.fromSafePromise(
      deps.storage.deliveries.recover({
        affiliateId: input.affiliateId,
        webhookId: webhook.id,
        since: input.since,
        until,
        now,
        limit,
      }),
    );
  });
}
