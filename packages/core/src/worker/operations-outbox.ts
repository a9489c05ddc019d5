import { isStandardWebhooksSecret } from '@affiliate-commerce/webhook-verify';
import { platform } from '#platform';
import { validateWebhookUrl } from '../areas/webhooks/webhook-input';
import {
  type OperationalEvent,
  type OperationalLog,
  type OperationsOutbox,
  operationalData,
  operationalEventTypes,
} from '../deps/operational-events';
import {
  type OperationsEndpoint,
  operationalPayload,
  operationsAffiliateId,
  operationsWebhookId,
} from '../deps/operations-endpoint';
import type { ServiceDeps } from '../deps/service-deps';
import type { OutboundPolicy } from '../ports/net/guarded-request';
import type { EventRecord } from '../rules/events/v2-payload';
import type { Webhook } from '../storage/webhook-store';
import { retryWhileUnavailable } from './outage-retry';

type OutboxDeps = Pick<ServiceDeps, 'storage' | 'secretBox' | 'clock' | 'ids' | 'logger'>;

/**
 * Checks `operations` at `createService`: a URL a webhook could have, and a Standard Webhooks secret.
 *
 * @throws RangeError naming `operations.url` or `operations.secret`
 */
export function checkOperationsEndpoint(endpoint: OperationsEndpoint, policy: OutboundPolicy): string {
  const url = validateWebhookUrl(endpoint.url, policy, 'operations.url');
  if (url.isErr())
    throw new RangeError(
      `@affiliate-commerce/core: operations.url ${url.error.message.replace(/^url /, '')}`,
    );
  if (!isStandardWebhooksSecret(endpoint.secret))
    throw new RangeError(
      '@affiliate-commerce/core: operations.secret must be a Standard Webhooks secret (whsec_ and base64 of 24 to 64 bytes)',
    );
  return url.value;
}

/** The event's id: derived from its content, so the same event announced twice is queued once. */
async function operationalEventId(event: OperationalEvent): Promise<string> {
  const digest = await platform.sha256Base64url(
    JSON.stringify({ type: event.type, ...operationalData(event) }),
  );
  return `evt_op_${digest.slice(0, 26)}`;
}

/** Whether the stored row already sends to `url` with `secret` alone, enabled, for every event type. */
async function upToDate(deps: OutboxDeps, row: Webhook, url: string, secret: string): Promise<boolean> {
  if (row.url !== url || row.status !== 'enabled' || row.secrets.length !== 1) return false;
  if (operationalEventTypes.some((type) => !row.interests.includes(type))) return false;
  const [stored] = row.secrets;
  // Sealed under another `secretKey`: written again under this one.
  const opened = await deps.secretBox
    .open({ sealed: stored!.sealed, webhookId: row.id })
    .catch(() => undefined);
  return opened === secret;
}

/**
 * Writes the operations endpoint's webhook row as `operations` says: created the first time,
 * its URL and secret replaced when they changed, enabled again when the worker had disabled it.
 */
async function ensureEndpoint(deps: OutboxDeps, url: string, secret: string): Promise<void> {
  const key = { affiliateId: operationsAffiliateId, id: operationsWebhookId };
  const row = await deps.storage.webhooks.get(key);
  if (row && (await upToDate(deps, row, url, secret))) return;
  const now = deps.clock.now();
  const sealed = await deps.secretBox.seal({ plaintext: secret, webhookId: operationsWebhookId });
  const fresh = { sealed, createdAt: now };
  if (row) {
    const { disabledReason: _reason, disabledAt: _at, ...rest } = row;
    const webhook: Webhook = {
      ...rest,
      url,
      secrets: [fresh],
      interests: [...operationalEventTypes],
      status: 'enabled',
      revision: row.revision + 1,
      updatedAt: now,
    };
    await deps.storage.webhooks.replace({ webhook, expectedRevision: row.revision });
    return;
  }
  const webhook: Webhook = {
    ...key,
    name: 'Operations',
    url,
    authentication: true,
    interests: [...operationalEventTypes],
    status: 'enabled',
    payloadVersion: 'v2',
    secrets: [fresh],
    revision: 1,
    createdAt: now,
    updatedAt: now,
  };
  // Another process may have created it meanwhile: then it is there, which is all this asks.
  await deps.storage.webhooks.insert({ webhook }).catch(async (cause: unknown) => {
    if (!(await deps.storage.webhooks.get(key))) throw cause;
  });
}

/** Queues one operational event for the operations endpoint: stored as an event with one delivery. */
async function queue(deps: OutboxDeps, event: OperationalEvent): Promise<void> {
  const record: EventRecord = {
    eventId: await operationalEventId(event),
    eventType: event.type,
    affiliateId: operationsAffiliateId,
    occurredAt: event.at,
    data: operationalData(event),
  };
  await deps.storage.deliveries.publish({
    events: [
      {
        event: record,
        deliver: true,
        idPrefix: deps.ids.next({ prefix: 'dlv' }),
        payload: operationalPayload(record, record.occurredAt),
      },
    ],
  });
}

/**
 * The outbox of the operations endpoint: each operational event becomes an event of the reserved
 * owner {@link operationsAffiliateId} with one delivery to the endpoint's webhook row, which the
 * delivery worker sends, signs, retries, logs and guards as any other. The row is written once
 * per process, before the first event. Waits out a storage outage as the worker's writes do; an
 * event that still cannot be queued is logged (`webhook.operational_event_unqueued`).
 */
export function operationsOutbox(
  deps: () => OutboxDeps,
  endpoint: OperationsEndpoint & { url: string },
): OperationsOutbox {
  let ready: Promise<void> | undefined;
  const ensure = () => {
    ready ??= ensureEndpoint(deps(), endpoint.url, endpoint.secret).catch((cause: unknown) => {
      ready = undefined;
      throw cause;
    });
    return ready;
  };
  return {
    publish: async (event) => {
      try {
        await retryWhileUnavailable(async () => {
          await ensure();
          await queue(deps(), event);
        });
      } catch (cause) {
        deps().logger.error('Operational event not queued for the operations endpoint', {
          event: 'webhook.operational_event_unqueued',
          type: event.type,
          affiliateId: event.affiliateId,
          webhookId: event.webhookId,
          cause,
        });
      }
    },
  };
}

/** The event's fields but those every event has (`type`, `affiliateId`, `webhookId`, `at`). */
function detailsOf(event: OperationalEvent): Record<string, unknown> {
  const { affiliateId: _affiliate, webhookId: _webhook, at: _at, ...details } = operationalData(event);
  return details;
}

/**
 * Keeps each operational event on its webhook for the affiliate's portal
 * (`GET /v2/webhooks/{id}/operationalEvents`). Waits out a storage outage as the worker's writes
 * do; an event that still cannot be kept is logged (`webhook.operational_event_unkept`).
 */
export function operationalLog(deps: () => OutboxDeps): OperationalLog {
  return {
    record: async (event) => {
      const { storage, ids, logger } = deps();
      const kept = {
        id: ids.next({ prefix: 'opev' }),
        affiliateId: event.affiliateId,
        webhookId: event.webhookId,
        type: event.type,
        at: event.at,
        details: detailsOf(event),
      };
      await retryWhileUnavailable(() => storage.webhooks.addOperationalEvent({ event: kept })).catch(
        (cause: unknown) =>
          logger.error('Operational event not kept for the portal', {
            event: 'webhook.operational_event_unkept',
            type: event.type,
            affiliateId: event.affiliateId,
            webhookId: event.webhookId,
            cause,
          }),
      );
    },
  };
}
