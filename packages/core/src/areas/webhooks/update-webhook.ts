import { err, errAsync, ok, okAsync, type Result, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { retryCompareAndSet } from '../../base/compare-and-set';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import { announce } from '../../deps/operational-events';
import type { ServiceDeps } from '../../deps/service-deps';
import type {
  Webhook,
  WebhookBreaker,
  WebhookDisabledReason,
  WebhookStatus,
} from '../../storage/webhook-store';
import { backlogHeldUntil } from './breaker';
import { type Computed, changeWebhook, type WebhookResult } from './change-webhook';
import {
  filterSchema,
  headersSchema,
  mergeHeaders,
  openHeaders,
  orderingSchema,
  rateLimitSchema,
  sealHeaders,
  validateFilter,
} from './endpoint-controls';
import { retryScheduleSchema, storedRetrySchedule } from './retry-schedules';
import { issueSecret } from './signing-secrets';
import {
  interestsSchema,
  nameSchema,
  urlSchema,
  validateInterests,
  validateWebhookUrl,
} from './webhook-input';

/**
 * Closes the webhook's circuit breaker after a change that makes its failures moot (a new URL,
 * or enabling it again), so deliveries go at once instead of waiting for the next probe: new ones,
 * and those the breaker held back.
 */
function withBreakerReset(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  result: WebhookResult,
): ResultAsync<WebhookResult, DomainError> {
  const { webhook } = result;
  const clear = (breaker: WebhookBreaker | undefined) =>
    !breaker || (breaker.state === 'closed' && breaker.failures === 0);
  if (clear(webhook.breaker)) return okAsync(result);
  const closed: WebhookBreaker = { state: 'closed', failures: 0, changedAt: deps.clock.now() };
  return ResultAsync.fromSafePromise(
    retryCompareAndSet({
      read: () => deps.storage.webhooks.get({ affiliateId: webhook.affiliateId, id: webhook.id }),
      write: async (current) => {
        if (clear(current.breaker)) return current.breaker ?? closed;
        const written = await deps.storage.webhooks.setBreaker({
          affiliateId: webhook.affiliateId,
          id: webhook.id,
          breaker: closed,
          expected: current.breaker,
        });
        if (!written) return undefined;
        // What the open breaker held back goes now, not when it would have let a probe through.
        if (current.breaker?.retryAt) {
          await deps.storage.deliveries.resume({
            affiliateId: webhook.affiliateId,
            webhookId: webhook.id,
            heldUntil: backlogHeldUntil(current.breaker.retryAt),
            now: closed.changedAt,
          });
        }
        return closed;
      },
    }),
  ).map((breaker) => (breaker ? { ...result, webhook: { ...webhook, breaker } } : result));
}

/**
 * Body of `PUT /v2/webhooks/{id}` (docs/api.md §4.2). Fields left out keep their value; `webhookInterests`
 * when sent replaces the whole list. `status`/`isEnabled` are not part of it: enabling and
 * disabling is the status call's job (docs/api.md §3.1), so they are ignored like any unknown field.
 */
export const updateWebhookBody = z.object({
  name: nameSchema.optional(),
  url: urlSchema.optional(),
  authentication: z.boolean().optional(),
  webhookInterests: interestsSchema.optional(),
  /**
   * A value sets or replaces that header, `null` removes it; headers left out keep their value,
   * unless `url` changes: then these are the whole set, and the others are dropped.
   */
  headers: headersSchema.optional(),
  /** Replaces the filter; `null` removes it. */
  filter: filterSchema.optional(),
  /** Replaces the rate; `null` removes it. */
  rateLimit: rateLimitSchema.nullable().optional(),
  ordering: orderingSchema.optional(),
  /** Replaces the endpoint's retry schedule; `null` removes it. */
  retrySchedule: retryScheduleSchema.nullable().optional(),
});

/** Input of {@link updateWebhook}. */
export type UpdateWebhookInput = z.input<typeof updateWebhookBody>;

type UpdateDeps = Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox' | 'allowPrivateNetworks'>;

type Controls = Pick<Webhook, 'headers' | 'filter' | 'rateLimit' | 'ordering' | 'retrySchedule'>;

/**
 * The endpoint controls after an update, and whether any changed. A kept filter is checked again
 * against the new subscriptions, so dropping an event cannot leave a filter on fields no longer carried.
 * A new URL (`moved`) keeps none of the custom headers: their values were saved for the old
 * address, so only those sent again with the new URL go to it.
 */
async function updatedControls(
  deps: UpdateDeps,
  current: Webhook,
  input: z.output<typeof updateWebhookBody>,
  interests: readonly string[],
  moved: boolean,
): Promise<Result<{ controls: Controls; changed: boolean }, DomainError>> {
  const filterInput = input.filter === undefined ? current.filter : input.filter;
  const filter =
    filterInput === undefined || filterInput === null
      ? ok(undefined)
      : validateFilter(filterInput, interests);
  if (filter.isErr()) return err(filter.error);
  let headers = moved ? undefined : current.headers;
  let headersChanged = moved && current.headers !== undefined;
  if (input.headers !== undefined) {
    const opened = moved ? {} : await openHeaders(deps.secretBox, current);
    const merged = mergeHeaders(input.headers, opened);
    if (merged.isErr()) return err(merged.error);
    headersChanged ||= JSON.stringify(merged.value) !== JSON.stringify(opened);
    if (headersChanged) headers = await sealHeaders(deps.secretBox, current.id, merged.value);
  }
  const rateLimit = input.rateLimit === undefined ? current.rateLimit : (input.rateLimit ?? undefined);
  const ordering = input.ordering ?? current.ordering ?? 'none';
  const retrySchedule =
    input.retrySchedule === undefined
      ? current.retrySchedule
      : input.retrySchedule === null
        ? undefined
        : storedRetrySchedule(input.retrySchedule);
  const controls: Controls = {
    ...(headers ? { headers } : {}),
    ...(filter.value ? { filter: filter.value } : {}),
    ...(rateLimit === undefined ? {} : { rateLimit }),
    ...(ordering === 'entity' ? { ordering } : {}),
    ...(retrySchedule ? { retrySchedule } : {}),
  };
  const changed =
    headersChanged ||
    JSON.stringify(filter.value) !== JSON.stringify(current.filter) ||
    rateLimit !== current.rateLimit ||
    ordering !== (current.ordering ?? 'none') ||
    JSON.stringify(retrySchedule) !== JSON.stringify(current.retrySchedule);
  return ok({ controls, changed });
}

async function applyUpdate(
  deps: UpdateDeps,
  current: Webhook,
  input: z.output<typeof updateWebhookBody>,
  now: Date,
): Promise<Result<Computed, DomainError>> {
  const url = input.url === undefined ? ok(current.url) : validateWebhookUrl(input.url, deps);
  if (url.isErr()) return err(url.error);
  const interests =
    input.webhookInterests === undefined
      ? ok([...current.interests])
      : validateInterests(input.webhookInterests);
  if (interests.isErr()) return err(interests.error);
  const authentication = input.authentication ?? current.authentication;
  // docs/api.md §3.1: a secret is issued (and shown) only when authentication goes from false to true.
  const issued =
    !current.authentication && authentication
      ? await issueSecret(deps.secretBox, current.id, now)
      : undefined;
  const secrets = !authentication ? [] : issued ? [issued.stored] : current.secrets;
  const name = input.name ?? current.name;
  const controls = await updatedControls(deps, current, input, interests.value, url.value !== current.url);
  if (controls.isErr()) return err(controls.error);
  const same =
    !controls.value.changed &&
    name === current.name &&
    url.value === current.url &&
    authentication === current.authentication &&
    interests.value.join('\n') === current.interests.join('\n');
  if (same) return ok('unchanged');
  const {
    headers: _headers,
    filter: _filter,
    rateLimit: _rateLimit,
    ordering: _ordering,
    retrySchedule: _retrySchedule,
    ...rest
  } = current;
  return ok({
    next: {
      ...rest,
      ...controls.value.controls,
      name,
      url: url.value,
      interests: interests.value,
      authentication,
      secrets,
    },
    ...(issued ? { secret: issued.plaintext } : {}),
  });
}

/**
 * Full update of a webhook (docs/api.md §4.2, §3.1). `credentials` come back only when this call
 * turns authentication from false to true; turning it off drops every secret, so turning it on
 * again issues a new one.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 * @returns 422 INVALID_FIELD for a bad name, a refused URL, an unsubscribable event, a refused
 *   header, or a filter that is malformed or names a field the subscribed events do not carry
 * @example
 * await updateWebhook(deps, { affiliateId: 'aff_1', id: 'whk_1', input: { authentication: true } });
 */
export function updateWebhook(
  deps: UpdateDeps,
  request: { affiliateId: string; id: string; input: UpdateWebhookInput },
): ResultAsync<WebhookResult, DomainError> {
  const input = validate(updateWebhookBody, request.input, 'body');
  if (input.isErr()) return errAsync(input.error);
  let moved = false;
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    async (current, now) => {
      const computed = await applyUpdate(deps, current, input.value, now);
      moved = computed.isOk() && computed.value !== 'unchanged' && computed.value.next.url !== current.url;
      return computed;
    },
  ).andThen((result) =>
    moved ? withBreakerReset(deps, result) : ResultAsync.fromSafePromise(Promise.resolve(result)),
  );
}

/**
 * Body of `PATCH /v2/webhooks/{id}/status`: `{ "status": "enabled" | "disabled" }` (docs/api.md §4.8.4);
 * `{ "isEnabled": true | false }` is accepted too, since the record mirrors one in the other.
 */
export const webhookStatusBody = z
  .object({ status: z.enum(['enabled', 'disabled']).optional(), isEnabled: z.boolean().optional() })
  .superRefine((body, ctx) => {
    if (body.status === undefined && body.isEnabled === undefined) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'is required ("enabled" or "disabled")' });
    } else if (
      body.status !== undefined &&
      body.isEnabled !== undefined &&
      (body.status === 'enabled') !== body.isEnabled
    ) {
      ctx.addIssue({ code: 'custom', path: ['isEnabled'], message: 'contradicts status' });
    }
  });

/** The status a {@link webhookStatusBody} asks for. */
export function requestedStatus(body: z.output<typeof webhookStatusBody>): WebhookStatus {
  if (body.status) return body.status;
  return body.isEnabled ? 'enabled' : 'disabled';
}

/** The webhook with a new status: disabling records why and when, enabling clears both. */
export function withStatus(
  current: Webhook,
  change: { status: WebhookStatus; reason: WebhookDisabledReason; at: Date },
): Webhook {
  const { disabledReason: _reason, disabledAt: _at, ...rest } = current;
  return change.status === 'enabled'
    ? { ...rest, status: 'enabled' }
    : { ...rest, status: 'disabled', disabledReason: change.reason, disabledAt: change.at };
}

/**
 * Enables or disables a webhook (docs/api.md §3.1: the status call, not the full update). Setting the
 * status it already has changes nothing, `updatedAt` included. Disabling records
 * `disabledReason: 'manual'` and `disabledAt`; enabling clears them.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function setWebhookStatus(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'logger' | 'onOperationalEvent'>,
  request: { affiliateId: string; id: string; status: WebhookStatus },
): ResultAsync<WebhookResult, DomainError> {
  let enabled = false;
  const changed = changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    (current, now) => {
      enabled = current.status !== request.status && request.status === 'enabled';
      return ok(
        current.status === request.status
          ? 'unchanged'
          : { next: withStatus(current, { status: request.status, reason: 'manual', at: now }) },
      );
    },
  );
  if (request.status !== 'enabled') return changed;
  return changed
    .andThen((result) => withBreakerReset(deps, result))
    .map((result) => {
      const { webhook } = result;
      if (enabled) {
        const at = webhook.updatedAt;
        announce(deps, {
          type: 'endpoint.enabled',
          affiliateId: webhook.affiliateId,
          webhookId: webhook.id,
          at,
        });
      }
      return result;
    });
}
