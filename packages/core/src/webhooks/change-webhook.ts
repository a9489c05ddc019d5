import { errAsync, okAsync, type Result, ResultAsync } from 'neverthrow';
import { type DomainError, notFound, upstreamUnavailable } from '../errors';
import type { ServiceDeps } from '../service-deps';
import type { Webhook } from './webhook-store';

/**
 * A webhook after a use case, and the secret it issued (shown once) if it issued one.
 *
 * @example
 * const { webhook, secret } = (await rotateSecret(deps, { affiliateId, id }))._unsafeUnwrap();
 */
export interface WebhookResult {
  readonly webhook: Webhook;
  readonly secret?: string;
}

/**
 * What a change computes from the current record: the new configuration, or nothing to do.
 *
 * @example
 * const computed: Computed = current.status === 'enabled' ? 'unchanged' : { next: { ...current, status: 'enabled' } };
 */
export type Computed = { readonly next: Webhook; readonly secret?: string } | 'unchanged';

const maxAttempts = 8;

/**
 * Reads a webhook, computes its new configuration and writes it with a compare-and-set on its
 * revision, retrying on a concurrent change. So two simultaneous calls never both see
 * `authentication: false` and both reveal a secret: the loser re-reads and sees `true`.
 *
 * @returns 404 NOT_FOUND when the webhook is missing (or another affiliate's); the change's own errors
 * @example
 * changeWebhook(deps, () => deps.storage.webhooks.get({ affiliateId, id }), (current, now) => ok({ next: { ...current, name } }));
 */
export function changeWebhook(
  deps: Pick<ServiceDeps, 'storage' | 'clock'>,
  load: () => Promise<Webhook | undefined>,
  compute: (current: Webhook, now: Date) => Result<Computed, DomainError>,
): ResultAsync<WebhookResult, DomainError> {
  const attempt = (left: number): ResultAsync<WebhookResult, DomainError> =>
    ResultAsync.fromSafePromise(load())
      .andThen((current) => (current ? okAsync(current) : errAsync(notFound('webhook'))))
      .andThen((current) => {
        const now = deps.clock.now();
        return compute(current, now).asyncAndThen((computed): ResultAsync<WebhookResult, DomainError> => {
          if (computed === 'unchanged') return okAsync({ webhook: current });
          const next: Webhook = { ...computed.next, revision: current.revision + 1, updatedAt: now };
          return ResultAsync.fromSafePromise(
            deps.storage.webhooks.replace({ webhook: next, expectedRevision: current.revision }),
          ).andThen((written) => {
            if (written)
              return okAsync({ webhook: next, ...(computed.secret ? { secret: computed.secret } : {}) });
            return left > 1 ? attempt(left - 1) : errAsync(upstreamUnavailable('webhook storage (busy)'));
          });
        });
      });
  return attempt(maxAttempts);
}
