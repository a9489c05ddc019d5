import type { Logger } from '../ports/logger';
import { operationsAffiliateId } from './operations-endpoint';

/** The fractions of `deliveries.disableAfterMs` at which a failing endpoint is announced. */
export const failingFractions = [0.5, 0.7, 0.9] as const;

/** What every operational event names: the affiliate and the endpoint, and when it happened. */
export interface EndpointEventBase {
  readonly affiliateId: string;
  readonly webhookId: string;
  /** When it happened, on the service's clock. */
  readonly at: Date;
}

/**
 * An event about the delivery system itself, for the host (docs/api.md §11.12): never sent to an
 * affiliate's endpoint, and naming nothing sensitive (no URL, header, secret or payload).
 *
 * - `endpoint.failing`: the endpoint has failed without a success for `fraction` (0.5, 0.7, 0.9)
 *   of `deliveries.disableAfterMs`; it is disabled at `disableAt` unless a delivery succeeds.
 * - `endpoint.disabled`: by the worker (`gone`: it answered 410; `failing`: the whole period).
 * - `endpoint.enabled`: the status call enabled it again.
 * - `endpoint.recovered`: a delivery succeeded and closed its circuit breaker, which had opened.
 * - `delivery.exhausted`: a delivery failed for good (its schedule ran out, or a 410); it waits
 *   for a manual retry or a recovery.
 * - `secret.rotated`: a new signing secret was issued; the one it replaced signs until `overlapEndsAt`.
 * - `secret.expiring`: a replaced secret stops signing at `expiresAt`, within 2 hours (`secretExpiringLeadMs`).
 */
export type OperationalEvent =
  | (EndpointEventBase & {
      readonly type: 'endpoint.failing';
      readonly fraction: 0.5 | 0.7 | 0.9;
      readonly failingSince: Date;
      readonly disableAt: Date;
    })
  | (EndpointEventBase & { readonly type: 'endpoint.disabled'; readonly reason: 'gone' | 'failing' })
  | (EndpointEventBase & { readonly type: 'endpoint.enabled' })
  | (EndpointEventBase & { readonly type: 'endpoint.recovered'; readonly failures: number })
  | (EndpointEventBase & {
      readonly type: 'delivery.exhausted';
      readonly deliveryId: string;
      readonly eventId: string;
      readonly eventType: string;
      readonly attempts: number;
      /** The status of the last answer; absent when there was none (a time-out, a refused address). */
      readonly lastStatusCode?: number;
    })
  | (EndpointEventBase & { readonly type: 'secret.rotated'; readonly overlapEndsAt?: Date })
  | (EndpointEventBase & { readonly type: 'secret.expiring'; readonly expiresAt: Date });

/** How long before a replaced secret stops signing `secret.expiring` is announced: 2 hours. */
export const secretExpiringLeadMs = 2 * 60 * 60 * 1000;

/** The type names of {@link OperationalEvent}, one per kind. */
export type OperationalEventType = OperationalEvent['type'];

/** The host's callback for operational events (`onOperationalEvent`). */
export type OperationalEventHandler = (event: OperationalEvent) => void | Promise<void>;

/** Every operational event type, the interests of the operations endpoint. */
export const operationalEventTypes: readonly OperationalEventType[] = [
  'endpoint.failing',
  'endpoint.disabled',
  'endpoint.enabled',
  'endpoint.recovered',
  'delivery.exhausted',
  'secret.rotated',
  'secret.expiring',
];

/** Keeps operational events about affiliates' webhooks, for their affiliates to read (built by `createService`). */
export interface OperationalLog {
  /** Keeps one event; never rejects (a failure is logged as `webhook.operational_event_unkept`). */
  record(event: OperationalEvent): Promise<void>;
}

/** Queues operational events for the operations endpoint (built by `createService` from `operations`). */
export interface OperationsOutbox {
  /** Queues one event; never rejects (a failure is logged as `webhook.operational_event_unqueued`). */
  publish(event: OperationalEvent): Promise<void>;
}

/** An operational event as its webhook's `data`: every field but `type`, dates as ISO 8601 text. */
export function operationalData(event: OperationalEvent): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    if (key === 'type') continue;
    data[key] = value instanceof Date ? value.toISOString() : value;
  }
  return data;
}

/**
 * Hands an operational event to the host's callback without waiting on it: a throw or a rejection
 * is logged (`webhook.operational_event_failed`) and dropped, so no callback can hold up or
 * break delivery. Each event is also logged at info level as `webhook.operational_event`, kept
 * for the affiliate's portal, and queued for the operations endpoint when there is one (never an
 * event about that endpoint itself, which would feed on its own failures).
 */
export function announce(
  deps: {
    readonly logger: Logger;
    readonly onOperationalEvent?: OperationalEventHandler;
    readonly operationsOutbox?: OperationsOutbox;
    readonly operationalLog?: OperationalLog;
  },
  event: OperationalEvent,
): void {
  deps.logger.info(`Operational event ${event.type}`, {
    event: 'webhook.operational_event',
    type: event.type,
    affiliateId: event.affiliateId,
    webhookId: event.webhookId,
  });
  if (event.affiliateId !== operationsAffiliateId) {
    void deps.operationalLog?.record(event);
    void deps.operationsOutbox?.publish(event);
  }
  const hook = deps.onOperationalEvent;
  if (!hook) return;
  const failed = (cause: unknown) =>
    deps.logger.error('onOperationalEvent failed', {
      event: 'webhook.operational_event_failed',
      type: event.type,
      affiliateId: event.affiliateId,
      webhookId: event.webhookId,
      cause,
    });
  try {
    Promise.resolve(hook(event)).catch(failed);
  } catch (cause) {
    failed(cause);
  }
}
