import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { isListedEventType } from '../areas/event-log/event-log-input';
import { webhookFilter } from '../areas/event-log/list-events';
import { maskedHeaderValue } from '../areas/webhooks/endpoint-controls';
import { activeSigningKeys, type KeySignatures } from '../areas/webhooks/signing-keys';
import { signingSecretsOf } from '../areas/webhooks/signing-secrets';
import { type DomainError, invalidField, notFound } from '../base/errors';
import type { ServiceDeps } from '../deps/service-deps';
import { signatureHeader } from '../rules/events/signing';
import type { EventRecord } from '../rules/events/v2-payload';
import type { Delivery, DeliveryPosition } from '../storage/delivery-store';
import type { Webhook } from '../storage/webhook-store';
import {
  type AttemptView,
  type DeliveryRequestView,
  type DeliveryView,
  toAttemptView,
  toDeliveryView,
} from './delivery-view';
import type { ListDeliveriesQuery } from './message-log-input';
import { outboundRequest } from './outbound-request';
import { type RetryScheduleSource, scheduleInForce } from './retry-schedule';

/** Most attempts a delivery's detail shows: the newest ones. */
export const maxDetailAttempts = 100;

/** What a signature header shows in place of its value. */
export const elidedSignature = '(elided)';

/** The headers that carry a signature: ours and the Standard Webhooks one. */
const signatureHeaders = new Set([signatureHeader.toLowerCase(), 'webhook-signature']);

/** A page of the message log: deliveries newest first, and whether more lie beyond the page. */
export interface DeliveryLogPage {
  readonly deliveries: readonly DeliveryView[];
  readonly hasMore: boolean;
}

/** One delivery of the message log, what its endpoint is sent, and its attempts. */
export interface DeliveryDetail {
  readonly delivery: DeliveryView;
  readonly request?: DeliveryRequestView;
  /** The retry schedule in force; absent when the webhook no longer exists. */
  readonly retrySchedule?: {
    readonly source: RetryScheduleSource;
    readonly delaysMs: readonly number[];
    readonly maxAttempts: number;
  };
  readonly attempts: readonly AttemptView[];
}

/** Where a cursor stands: the position of one of the affiliate's deliveries. */
function cursor(
  deps: Pick<ServiceDeps, 'storage'>,
  affiliateId: string,
  field: 'startingAfter' | 'endingBefore',
  id: string | undefined,
): ResultAsync<DeliveryPosition | undefined, DomainError> {
  if (id === undefined) return okAsync(undefined);
  return ResultAsync.fromSafePromise(deps.storage.deliveries.findDelivery({ affiliateId, id })).andThen(
    (delivery) =>
      delivery
        ? okAsync({ createdAt: delivery.createdAt, id: delivery.id })
        : errAsync(invalidField(field, 'is not a delivery of this affiliate')),
  );
}

/**
 * One page of the affiliate's message log: one row per delivery (an event to one webhook), newest
 * first. `startingAfter` pages down (older), `endingBefore` up (newer, the page closest to the cursor).
 *
 * @returns 422 INVALID_FIELD on `startingAfter` or `endingBefore` when the cursor is not one of
 *   the affiliate's deliveries
 * @returns 422 INVALID_FIELD on `webhookId` when it is not one of the affiliate's webhooks
 */
export function listDeliveryLog(
  deps: Pick<ServiceDeps, 'storage'>,
  request: { affiliateId: string; query: ListDeliveriesQuery },
): ResultAsync<DeliveryLogPage, DomainError> {
  const { affiliateId, query } = request;
  return ResultAsync.combine([
    cursor(deps, affiliateId, 'startingAfter', query.startingAfter),
    cursor(deps, affiliateId, 'endingBefore', query.endingBefore),
    webhookFilter(deps, affiliateId, query.webhookId),
  ] as const)
    .andThen(([startingAfter, endingBefore, webhookId]) =>
      ResultAsync.fromSafePromise(
        deps.storage.deliveries.listDeliveries({
          affiliateId,
          limit: query.limit,
          ...(webhookId === undefined ? {} : { webhookId }),
          ...(query.status ? { statuses: query.status } : {}),
          ...(query.types ? { types: query.types } : {}),
          ...(query.createdGte ? { createdFrom: query.createdGte } : {}),
          ...(query.createdLt ? { createdBefore: query.createdLt } : {}),
          ...(startingAfter ? { startingAfter } : {}),
          ...(endingBefore ? { endingBefore } : {}),
        }),
      ),
    )
    .map((page) => ({ deliveries: page.deliveries.map(toDeliveryView), hasMore: page.hasMore }));
}

/** The `v1a` entries and kids of a rebuilt request, without asking the signer: the values are elided anyway. */
function elidedKeySignatures(webhook: Webhook, at: Date): KeySignatures | undefined {
  const keys = activeSigningKeys(webhook, at);
  if (keys.length === 0) return undefined;
  return async () => keys.map((key) => ({ kid: key.kid, signature: elidedSignature }));
}

/**
 * What the endpoint is sent for `delivery`, built as the worker builds it for an attempt at `at`,
 * to the webhook's current URL and in its current payload version; signature values and custom
 * header values are hidden.
 */
async function rebuiltRequest(
  deps: Pick<ServiceDeps, 'secretBox' | 'propagateTrace'>,
  webhook: Webhook,
  event: EventRecord,
  at: Date,
): Promise<DeliveryRequestView> {
  // A secret this service cannot open signs nothing here; the worker reports it when it tries to sign.
  const secrets = await signingSecretsOf(webhook, { secretBox: deps.secretBox, now: at }).catch(() => []);
  const custom = Object.fromEntries((webhook.headers?.names ?? []).map((name) => [name, maskedHeaderValue]));
  const { payload, headers } = await outboundRequest({
    version: webhook.payloadVersion,
    event,
    secrets,
    keySignatures: elidedKeySignatures(webhook, at),
    custom,
    attemptAt: at,
    trace: deps.propagateTrace !== false,
  });
  return {
    url: webhook.url,
    method: 'POST',
    payloadVersion: webhook.payloadVersion,
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        signatureHeaders.has(name.toLowerCase()) ? elidedSignature : value,
      ]),
    ),
    payload,
  };
}

/** The schedule in force for a delivery of `eventType` to `webhook`, as the detail shows it. */
function retryScheduleOf(
  deps: Pick<ServiceDeps, 'retrySchedules'>,
  webhook: Webhook,
  eventType: string,
): { source: RetryScheduleSource; delaysMs: number[]; maxAttempts: number } {
  const { delays, byEventType } = deps.retrySchedules ?? {};
  const options = { ...(delays ? { delays } : {}), ...(byEventType ? { retrySchedules: byEventType } : {}) };
  const { source, delaysMs } = scheduleInForce({ webhook, eventType, options });
  return { source, delaysMs: [...delaysMs], maxAttempts: delaysMs.length + 1 };
}

async function detailOf(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox' | 'retrySchedules' | 'propagateTrace'>,
  delivery: Delivery,
): Promise<DeliveryDetail> {
  const { affiliateId } = delivery;
  const [attempts, event, webhook] = await Promise.all([
    deps.storage.deliveries.listDeliveryAttempts({
      affiliateId,
      deliveryId: delivery.id,
      limit: maxDetailAttempts,
    }),
    deps.storage.deliveries.getEvent({ affiliateId, eventId: delivery.eventId }),
    deps.storage.webhooks.get({ affiliateId, id: delivery.webhookId }),
  ]);
  const at = delivery.lastAttemptAt ?? deps.clock.now();
  // Only public events are ever sent, so only theirs have a request to show.
  const request =
    webhook && event && isListedEventType(event.eventType)
      ? await rebuiltRequest(deps, webhook, event, at)
      : undefined;
  const schedule = webhook && retryScheduleOf(deps, webhook, delivery.eventType);
  return {
    delivery: toDeliveryView(delivery),
    ...(request ? { request } : {}),
    ...(schedule ? { retrySchedule: schedule } : {}),
    attempts: attempts.map(toAttemptView),
  };
}

/**
 * One delivery of the affiliate's message log, what its endpoint is sent (absent when the webhook
 * no longer exists), and its attempts, oldest first (at most the newest {@link maxDetailAttempts}).
 *
 * @returns 404 NOT_FOUND when the delivery is another affiliate's or unknown
 */
export function readDelivery(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'secretBox' | 'retrySchedules' | 'propagateTrace'>,
  request: { affiliateId: string; deliveryId: string },
): ResultAsync<DeliveryDetail, DomainError> {
  const { affiliateId, deliveryId } = request;
  return ResultAsync.fromSafePromise(deps.storage.deliveries.findDelivery({ affiliateId, id: deliveryId }))
    .andThen((delivery) => (delivery ? okAsync(delivery) : errAsync(notFound('delivery'))))
    .andThen((delivery) => ResultAsync.fromSafePromise(detailOf(deps, delivery)));
}
