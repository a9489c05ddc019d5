import { errAsync, ok, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import type { DomainError } from '../../base/errors';
import { validate } from '../../base/validate';
import type { ServiceDeps } from '../../deps/service-deps';
import type { Webhook } from '../../storage/webhook-store';
import type { WebhookResult } from './change-webhook';
import {
  filterSchema,
  headersSchema,
  mergeHeaders,
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

/** Body of `POST /v2/webhooks`. Unknown fields are ignored; `authentication` defaults to true. */
export const createWebhookBody = z.object({
  name: nameSchema,
  url: urlSchema,
  authentication: z.boolean().default(true),
  webhookInterests: interestsSchema.default([]),
  headers: headersSchema.optional(),
  /** `null` is the same as leaving it out: no filter. */
  filter: filterSchema.optional(),
  /** `null` is the same as leaving it out: no limit. */
  rateLimit: rateLimitSchema.nullable().optional(),
  ordering: orderingSchema.default('none'),
  /** `null` is the same as leaving it out: the host's schedule for the event type, else the default. */
  retrySchedule: retryScheduleSchema.nullable().optional(),
});

/** Input of {@link createWebhook}. */
export type CreateWebhookInput = z.input<typeof createWebhookBody>;

/**
 * Creates a webhook: enabled, payload version v2 (docs/api.md §2.1: new webhooks default to v2). With
 * authentication on (the default) a secret is generated and returned this once.
 *
 * @returns 422 INVALID_FIELD for a missing or bad name, a refused URL, an unknown, internal or
 *   unimplemented event, a refused header, or a filter that is malformed or names a field the
 *   subscribed events do not carry
 * @example
 * const { webhook, secret } = (await createWebhook(deps, { affiliateId: 'aff_1', input: { name: 'Orders', url: 'https://hooks.example.com/orders' } }))._unsafeUnwrap();
 */
export function createWebhook(
  deps: Pick<ServiceDeps, 'storage' | 'clock' | 'ids' | 'secretBox' | 'allowPrivateNetworks'>,
  request: { affiliateId: string; input: CreateWebhookInput },
): ResultAsync<WebhookResult, DomainError> {
  const input = validate(createWebhookBody, request.input, 'input');
  if (input.isErr()) return errAsync(input.error);
  const parsed = input.value;
  return validateWebhookUrl(parsed.url, deps)
    .andThen((url) => validateInterests(parsed.webhookInterests).map((interests) => ({ url, interests })))
    .andThen((checked) =>
      (parsed.filter === undefined || parsed.filter === null
        ? ok(undefined)
        : validateFilter(parsed.filter, checked.interests)
      ).map((filter) => ({ ...checked, filter })),
    )
    .andThen((checked) => mergeHeaders(parsed.headers ?? {}).map((headers) => ({ ...checked, headers })))
    .asyncAndThen(({ url, interests, filter, headers }) => {
      const now = deps.clock.now();
      const id = deps.ids.next({ prefix: 'whk' });
      const issuing = Promise.all([
        parsed.authentication ? issueSecret(deps.secretBox, id, now) : undefined,
        sealHeaders(deps.secretBox, id, headers),
      ]);
      return ResultAsync.fromSafePromise(issuing).andThen(([issued, sealedHeaders]) => {
        const webhook: Webhook = {
          id,
          affiliateId: request.affiliateId,
          name: parsed.name,
          url,
          authentication: parsed.authentication,
          interests,
          status: 'enabled',
          payloadVersion: 'v2',
          secrets: issued ? [issued.stored] : [],
          ...(sealedHeaders ? { headers: sealedHeaders } : {}),
          ...(filter ? { filter } : {}),
          ...(parsed.rateLimit === undefined || parsed.rateLimit === null
            ? {}
            : { rateLimit: parsed.rateLimit }),
          ...(parsed.ordering === 'entity' ? { ordering: parsed.ordering } : {}),
          ...(parsed.retrySchedule ? { retrySchedule: storedRetrySchedule(parsed.retrySchedule) } : {}),
          revision: 1,
          createdAt: now,
          updatedAt: now,
        };
        return ResultAsync.fromSafePromise(deps.storage.webhooks.insert({ webhook })).map(() => ({
          webhook,
          ...(issued ? { secret: issued.plaintext } : {}),
        }));
      });
    });
}
