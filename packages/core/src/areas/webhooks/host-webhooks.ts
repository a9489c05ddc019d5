import { errAsync, okAsync, type ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { settled } from '../../base/host-call';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import { type CreateWebhookInput, createWebhook } from './create-webhook';
import { removeOAuth, setOAuth } from './oauth-credentials';
import { listWebhookViews, readWebhook } from './read-webhooks';
import { removeSigningKeys, rotateSigningKey } from './signing-key-lifecycle';
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
  /**
   * Signs `v1a` with a new ed25519 key (docs/api.md §5.5); the key it replaces keeps signing for
   * 24 hours. `signingKeys` shows the public keys; the private key is never shown.
   *
   * @example
   * const { signingKeys } = await service.webhooks.rotateSigningKey({ affiliateId: 'aff_1', id: 'whk_1' });
   * signingKeys?.[0]?.publicKey // 'whpk_…', for the receiver's configuration
   */
  rotateSigningKey(input: WebhookRef): Promise<WebhookView>;
  /** Stops `v1a` signatures at once: every key of the webhook is dropped. */
  removeSigningKeys(input: WebhookRef): Promise<WebhookView>;
  /** Sends deliveries with a bearer token from the receiver's OAuth token endpoint (docs/api.md §5.6); the client secret is write-only. */
  setOAuth(
    input: WebhookRef & { tokenUrl: string; clientId: string; clientSecret: string; scope?: string },
  ): Promise<WebhookView>;
  /** Sends deliveries without a bearer token again. */
  removeOAuth(input: WebhookRef): Promise<WebhookView>;
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
    ...receiverAuthCalls(deps),
  };
}

/** The calls of {@link HostWebhooks} about how receivers authenticate deliveries: signing keys and OAuth. */
function receiverAuthCalls(
  deps: Deps,
): Pick<HostWebhooks, 'rotateSigningKey' | 'removeSigningKeys' | 'setOAuth' | 'removeOAuth'> {
  const view = (result: { webhook: WebhookResultWebhook }) => resultView(deps, { webhook: result.webhook });
  return {
    rotateSigningKey: (raw) =>
      settled(checked(refInput, raw, (ref) => rotateSigningKey(deps, ref).andThen(view))),
    removeSigningKeys: (raw) =>
      settled(checked(refInput, raw, (ref) => removeSigningKeys(deps, ref).andThen(view))),
    setOAuth: ({ affiliateId: owner, id: webhookId, ...input }) =>
      settled(
        checked(refInput, { affiliateId: owner, id: webhookId }, (ref) =>
          setOAuth(deps, { ...ref, input }).andThen(view),
        ),
      ),
    removeOAuth: (raw) => settled(checked(refInput, raw, (ref) => removeOAuth(deps, ref).andThen(view))),
  };
}

type WebhookResultWebhook = Parameters<typeof resultView>[1]['webhook'];
