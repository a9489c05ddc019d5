import { retryCompareAndSet } from '../base/compare-and-set';
import { announce, secretExpiringLeadMs } from '../deps/operational-events';
import type { ServiceDeps } from '../deps/service-deps';
import type { StoredSecret, Webhook } from '../storage/webhook-store';

type AnnounceDeps = Pick<
  ServiceDeps,
  'storage' | 'logger' | 'onOperationalEvent' | 'operationsOutbox' | 'operationalLog'
>;

/** The replaced secret of `webhook` that stops signing within {@link secretExpiringLeadMs} of `now`, unannounced. */
function expiringSecret(webhook: Webhook, now: Date): StoredSecret | undefined {
  if (!webhook.authentication) return undefined;
  return webhook.secrets.find(
    ({ expiresAt, expiringAnnounced }) =>
      expiresAt !== undefined &&
      !expiringAnnounced &&
      expiresAt > now &&
      expiresAt.getTime() - now.getTime() <= secretExpiringLeadMs,
  );
}

/**
 * `secret.expiring` when a replaced secret of the webhook an attempt is sent to stops signing
 * within {@link secretExpiringLeadMs}. The secret is marked announced by a compare-and-set, so of
 * workers racing, and across restarts, one announces it.
 */
export async function announceSecretExpiring(deps: AnnounceDeps, webhook: Webhook, now: Date): Promise<void> {
  if (!expiringSecret(webhook, now)) return;
  const { affiliateId, id } = webhook;
  // The attempt was sent: a storage failure here loses the notice until the next attempt, never the outcome.
  const expiresAt = await markExpiring(deps, webhook, now).catch((cause: unknown) => {
    deps.logger.warn('secret.expiring not recorded', {
      event: 'webhook.operational_event_unrecorded',
      type: 'secret.expiring',
      affiliateId,
      webhookId: id,
      cause,
    });
    return undefined;
  });
  if (!expiresAt) return;
  announce(deps, { type: 'secret.expiring', affiliateId, webhookId: id, at: now, expiresAt });
}

/** Marks the expiring secret announced; its `expiresAt` when this write won. */
function markExpiring(deps: AnnounceDeps, webhook: Webhook, now: Date): Promise<Date | false | undefined> {
  const { affiliateId, id } = webhook;
  return retryCompareAndSet({
    read: () => deps.storage.webhooks.get({ affiliateId, id }),
    write: async (current) => {
      const secret = expiringSecret(current, now);
      if (!secret) return false;
      // Not a configuration change: `updatedAt` stays, only the revision guards the write.
      const next: Webhook = {
        ...current,
        secrets: current.secrets.map((one) => (one === secret ? { ...one, expiringAnnounced: true } : one)),
        revision: current.revision + 1,
      };
      return (await deps.storage.webhooks.replace({ webhook: next, expectedRevision: current.revision }))
        ? (secret.expiresAt ?? false)
        : undefined;
    },
  });
}
