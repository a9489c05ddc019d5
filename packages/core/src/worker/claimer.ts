import { openClientCertificate } from '../areas/webhooks/client-certificate';
import { openHeaders } from '../areas/webhooks/endpoint-controls';
import { type KeySignatures, keySignatures } from '../areas/webhooks/signing-keys';
import { signingSecretsOf } from '../areas/webhooks/signing-secrets';
import type { ServiceDeps } from '../deps/service-deps';
import { type CheckedDestination, checkDestination } from '../ports/net/guarded-request';
import type { ClientTls, HttpFailure } from '../ports/net/http-client';
import type { ClaimedDelivery } from '../storage/delivery-store';
import type { Webhook } from '../storage/webhook-store';
import { type DeliveryOptions, leaseMsOf, leaseNeededMs, timeoutMsOf } from './defaults';
import { retryWhileUnavailable } from './outage-retry';
import { type OpenedOAuth, openOAuth } from './receiver-token';

/** A claimed batch: its deliveries, its lease, and its webhooks, each read and decrypted once. */
export interface ClaimedBatch {
  readonly items: readonly ClaimedDelivery[];
  /** When the batch's lease ends (ms since the epoch); after it another worker may claim the rows. */
  readonly leaseEndsAt: number;
  /**
   * The last moment (ms since the epoch) a delivery of the batch may be sent: what is left of the
   * lease then still holds a whole attempt, `leaseMarginMs` and the wait for the write.
   */
  readonly sendBy: number;
  readonly webhookOf: (claimed: ClaimedDelivery) => Promise<LoadedWebhook | undefined>;
}

/** A webhook as a batch sends to it: read, its secrets decrypted, its destination checked once. */
export interface LoadedWebhook {
  readonly webhook: Webhook;
  readonly secrets: string[];
  /** Signs `v1a` with the webhook's ed25519 keys, through the signer, once per attempt; absent without keys. */
  readonly keySignatures?: KeySignatures | undefined;
  /** The webhook's own request headers, opened; never logged. */
  readonly headers: Readonly<Record<string, string>>;
  /** The webhook's OAuth client credentials, opened; absent without them. */
  readonly oauth?: OpenedOAuth | undefined;
  /** The client certificate its requests present, the key opened; absent without one. */
  readonly tls?: ClientTls | undefined;
  /** The SSRF checks and DNS of the webhook's URL, done once per batch on first use. */
  readonly destination: () => Promise<CheckedDestination | HttpFailure>;
}

async function loadWebhook(
  deps: ServiceDeps,
  webhook: Webhook,
  now: Date,
  timeoutMs: number,
): Promise<LoadedWebhook> {
  let destination: Promise<CheckedDestination | HttpFailure> | undefined;
  const [secrets, headers, oauth, tls] = await Promise.all([
    signingSecretsOf(webhook, { secretBox: deps.secretBox, now }),
    openHeaders(deps.secretBox, webhook),
    openOAuth(deps, webhook),
    openClientCertificate(deps, webhook),
  ]);
  return {
    webhook,
    secrets,
    keySignatures: keySignatures(deps.webhookSigner, webhook, now),
    headers,
    oauth,
    tls,
    destination: () => {
      destination ??= checkDestination(deps, { url: webhook.url, timeoutMs });
      return destination;
    },
  };
}

/**
 * Claims up to `limit` due deliveries under a fresh lease. `writeDelayMs` is how long an outcome
 * may wait before it is written (the worker's `maxWriteDelayMs`; 0 for `runDue`, which writes as
 * soon as its batch is sent).
 */
export async function claimBatch(
  deps: ServiceDeps,
  input: { limit: number; writeDelayMs: number; skipWebhookIds?: readonly string[] } & DeliveryOptions,
): Promise<ClaimedBatch> {
  const leaseMs = leaseMsOf(input);
  const now = deps.clock.now();
  const items = await deps.storage.deliveries.claimDue({
    now,
    limit: input.limit,
    leaseMs,
    leaseToken: deps.ids.next({ prefix: 'lease' }),
    ...(input.skipWebhookIds?.length ? { skipWebhookIds: input.skipWebhookIds } : {}),
  });
  // One read and one secret decryption per webhook per batch, not per delivery.
  const webhooks = new Map<string, Promise<LoadedWebhook | undefined>>();
  const webhookOf = ({ delivery }: ClaimedDelivery) => {
    const key = `${delivery.affiliateId}\u0000${delivery.webhookId}`;
    let loaded = webhooks.get(key);
    if (!loaded) {
      loaded = deps.storage.webhooks
        .get({ affiliateId: delivery.affiliateId, id: delivery.webhookId })
        .then((webhook) => webhook && loadWebhook(deps, webhook, now, timeoutMsOf(input)));
      webhooks.set(key, loaded);
    }
    return loaded;
  };
  const leaseEndsAt = now.getTime() + leaseMs;
  return { items, leaseEndsAt, sendBy: leaseEndsAt - leaseNeededMs(input, input.writeDelayMs), webhookOf };
}

/** A claim given back unsent; with `until`, it is not due again before then (its breaker is open). */
export interface Unsent {
  readonly claimed: ClaimedDelivery;
  readonly until?: Date;
}

/**
 * Gives back claims that were not sent (too little lease left, the worker stopping, a breaker
 * holding them), so any worker may claim them at once, or once their breaker may let one through.
 * A connection lost to a restart is waited for (`retryWhileUnavailable`) rather than the leases.
 */
export async function releaseClaims(deps: ServiceDeps, unsent: readonly Unsent[]): Promise<void> {
  if (unsent.length === 0) return;
  const items = unsent.map(({ claimed: { delivery, leaseToken }, until }) => ({
    affiliateId: delivery.affiliateId,
    id: delivery.id,
    leaseToken,
    ...(until ? { nextAttemptAt: until } : {}),
  }));
  await retryWhileUnavailable(() => deps.storage.deliveries.release({ items }));
}
