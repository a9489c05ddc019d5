import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { settled } from '../../base/host-call';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { type CreateWebhookInput, createWebhook } from './create-webhook';
import { listWebhookViews, readWebhook } from './read-webhooks';
import { setWebhookStatus, type UpdateWebhookInput, updateWebhook } from './update-webhook';
import { deleteWebhook, rotateSecret } from './webhook-lifecycle';
import { resultView, type WebhookView } from './webhook-view';

/** Which affiliate's webhook a host call acts on. */
export interface WebhookRef {
  readonly affiliateId: string;
  readonly id: string;
}

/**
 * Webhook management from the host's own code: the rules of the `/v2/webhooks` routes, through
 * the same use cases (validation, the URL guard, events the dictionary lets affiliates subscribe
 * to, `credentials` shown once). Every call rejects with an `AffiliateCommerceError`: 404
 * `NOT_FOUND` for another affiliate's or an unknown webhook, 422 `INVALID_FIELD` naming the field.
 */
export interface HostWebhooks {
  /**
   * Creates a webhook, enabled, payload v2. With authentication on (the default) its signing
   * secret is in `credentials`, this once.
   *
   * @example
   * const webhook = await service.webhooks.create({ affiliateId: 'aff_1', name: 'Orders', url: 'https://hooks.example.com/orders', webhookInterests: ['order_created'] });
   * const secret = webhook.credentials?.secret; // whsec_…, store it now: it is never shown again
   */
  create(input: { readonly affiliateId: string } & CreateWebhookInput): Promise<WebhookView>;
  /** The affiliate's webhooks, without credentials. */
  list(input: { readonly affiliateId: string }): Promise<WebhookView[]>;
  /** One webhook, without credentials. */
  get(input: WebhookRef): Promise<WebhookView>;
  /**
   * Changes name, URL, authentication, events, custom headers (a value sets, `null` removes, others
   * stay), filter, rate limit or ordering (`null` removes a filter or a rate limit); fields left out
   * keep their value. `credentials` come back only when authentication goes from off to on.
   */
  update(input: WebhookRef & UpdateWebhookInput): Promise<WebhookView>;
  /** Enables or disables the webhook; disabling records `disabledReason: 'manual'`. */
  setStatus(input: WebhookRef & { readonly status: 'enabled' | 'disabled' }): Promise<WebhookView>;
  /** A new signing secret, in `credentials` this once; the previous one keeps signing for 24 hours. */
  rotateSecret(input: WebhookRef): Promise<WebhookView>;
  /** Deletes the webhook and its secrets. */
  delete(input: WebhookRef): Promise<{ id: string; deleted: true }>;
}

const affiliateId = z.string().min(1).max(200);
const listInput = z.object({ affiliateId });
const refInput = z.object({ affiliateId, id: z.string().min(1).max(200) });
const statusInput = refInput.extend({ status: z.enum(['enabled', 'disabled']) });

type Deps = ServiceDeps;

/** `raw` checked against `schema`, then handed to `next`; a bad input is 422 naming its field. */
function checked<S extends z.ZodType, T>(
  schema: S,
  raw: unknown,
  next: (input: z.output<S>) => ResultAsync<T, DomainError>,
): ResultAsync<T, DomainError> {
  const input = validate(schema, raw, 'input');
  return input.isErr() ? errAsync(input.error) : next(input.value);
}

/** The {@link HostWebhooks} of a service's ports. */
export function hostWebhooks(deps: Deps): HostWebhooks {
  return {
    create: ({ affiliateId: id, ...input }) =>
      settled(
        checked(listInput, { affiliateId: id }, ({ affiliateId }) =>
          createWebhook(deps, { affiliateId, input }).andThen((result) => resultView(deps, result)),
        ),
      ),
    list: (raw) =>
      settled(checked(listInput, raw, ({ affiliateId }) => listWebhookViews(deps, { affiliateId }))),
    get: (raw) =>
      settled(
        checked(refInput, raw, (ref) =>
          readWebhook(deps, ref).andThen((webhook) => resultView(deps, { webhook })),
        ),
      ),
    update: ({ affiliateId: owner, id: webhookId, ...input }) =>
      settled(
        checked(refInput, { affiliateId: owner, id: webhookId }, (ref) =>
          updateWebhook(deps, { ...ref, input }).andThen((result) => resultView(deps, result)),
        ),
      ),
    setStatus: (raw) =>
      settled(
        checked(statusInput, raw, ({ status, ...ref }) =>
          setWebhookStatus(deps, { ...ref, status }).andThen((result) =>
            resultView(deps, { webhook: result.webhook }),
          ),
        ),
      ),
    rotateSecret: (raw) =>
      settled(
        checked(refInput, raw, (ref) =>
          rotateSecret(deps, ref).andThen((result) => resultView(deps, result)),
        ),
      ),
    delete: (raw) =>
      settled(
        checked(refInput, raw, (ref) =>
          deleteWebhook(deps, ref).andThen(() => okAsync({ id: ref.id, deleted: true as const })),
        ),
      ),
  };
}
