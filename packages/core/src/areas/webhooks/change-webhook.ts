import { err, ok, type Result, ResultAsync } from 'neverthrow';
import { retryCompareAndSet } from '../../base/compare-and-set';
import { type DomainError, notFound } from '../../base/errors';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Webhook } from '../../storage/webhook-store';

/** A webhook after a use case, and the secret it issued (shown once) if it issued one. */
export interface WebhookResult {
  readonly webhook: Webhook;
  readonly secret?: string;
}

/** What a change computes from the current record: the new configuration, or nothing to do. */
export type Computed = { readonly next: Webhook; readonly secret?: string } | 'unchanged';

/**
 * Reads a webhook, computes its new configuration and writes it with a compare-and-set on its
 * revision, re-reading and recomputing after a concurrent change until the write lands. So two
 * simultaneous calls never both see `authentication: false` and both reveal a secret: the loser
 * re-reads and sees `true`.
 *
 * @returns 404 NOT_FOUND when the webhook is missing (or another affiliate's), also when it is
 *   deleted meanwhile; the change's own errors
 */
export function changeWebhook(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  load: () => Promise<Webhook | undefined>,
  compute: (
    current: Webhook,
    now: Date,
  ) => Result<Computed, DomainError> | Promise<Result<Computed, DomainError>>,
): ResultAsync<WebhookResult, DomainError> {
  return ResultAsync.fromSafePromise(
    retryCompareAndSet({
      read: load,
      write: async (current): Promise<Result<WebhookResult, DomainError> | undefined> => {
        const now = deps.clock.now();
        const computed = await compute(current, now);
        if (computed.isErr()) return err(computed.error);
        if (computed.value === 'unchanged') return ok({ webhook: current });
        const { next: changed, secret } = computed.value;
        const next: Webhook = { ...changed, revision: current.revision + 1, updatedAt: now };
        const written = await deps.storage.webhooks.replace({
          webhook: next,
          expectedRevision: current.revision,
        });
        if (!written) return undefined;
        return ok({ webhook: next, ...(secret ? { secret } : {}) });
      },
    }),
  ).andThen((outcome) => outcome ?? err(notFound('webhook')));
}

/**
 * Drops an optional part of a webhook (its OAuth client credentials, its client certificate);
 * a webhook without it is left as it was.
 *
 * @returns 404 NOT_FOUND when the webhook does not exist for this affiliate
 */
export function removeWebhookPart(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  request: { affiliateId: string; id: string },
  part: 'oauth' | 'clientCertificate',
): ResultAsync<WebhookResult, DomainError> {
  return changeWebhook(
    deps,
    () => deps.storage.webhooks.get({ affiliateId: request.affiliateId, id: request.id }),
    (current) => {
      if (!current[part]) return ok('unchanged');
      const next = { ...current };
      delete next[part];
      return ok({ next });
    },
  );
}
