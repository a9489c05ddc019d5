import { errAsync, okAsync, ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { notFound } from '../../base/errors';
import { type AnyRoute, defineRoute } from '../../http/route';
import { errorEnvelopeSchema } from '../../http/schemas';
import { allRoles } from '../../ports/auth';
import { setRenewalDate } from './set-renewal-date';
import { subscriptionViewSchema, toSubscriptionView } from './subscription-view';

const idParams = z.object({ id: z.string().min(1) });

/** Routes of the subscription renewal view (docs/api.md §2.6, §4.6). */
export const subscriptionRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'PUT',
    path: '/v2/ecommerceSubscriptions/{id}/actions/setRenewalDate',
    operationId: 'setRenewalDate',
    summary: 'Set the next renewal date of a subscription (timing only, never the cadence).',
    tags: ['subscriptions'],
    access: { kind: 'affiliate', roles: allRoles },
    params: idParams,
    // The date itself is checked by the use case so that every failure reads the same way.
    body: z.object({ renewalDate: z.unknown() }).loose(),
    responses: {
      200: {
        description: 'The renewal date was set.',
        schema: z.object({
          success: z.literal(true),
          message: z.string(),
          data: subscriptionViewSchema.pick({ id: true, nextBillingDate: true }),
        }),
      },
      404: { description: 'No such subscription for this affiliate.', schema: errorEnvelopeSchema },
      422: {
        description: 'renewalDate missing, not MM-DD-YYYY, not a real date, or not in the future.',
        schema: errorEnvelopeSchema,
      },
    },
    errors: ['NOT_FOUND', 'INVALID_FIELD'],
    handle: ({ actor, params, body, deps }) =>
      setRenewalDate(deps, {
        affiliateId: actor.affiliateId,
        id: params.id,
        renewalDate: body.renewalDate,
      }).map((subscription) => ({
        status: 200,
        body: {
          success: true,
          message: 'Renewal date updated.',
          data: { id: subscription.id, nextBillingDate: subscription.nextBillingDate.toISOString() },
        },
      })),
  }),
  defineRoute({
    method: 'GET',
    path: '/v2/ecommerceSubscriptions/{id}',
    operationId: 'getSubscription',
    summary: 'Read the renewal view of a subscription.',
    tags: ['subscriptions'],
    access: { kind: 'affiliate', roles: allRoles },
    params: idParams,
    responses: {
      200: {
        description: 'The subscription.',
        schema: z.object({ success: z.literal(true), data: subscriptionViewSchema }),
      },
      404: { description: 'No such subscription for this affiliate.', schema: errorEnvelopeSchema },
    },
    errors: ['NOT_FOUND'],
    handle: ({ actor, params, deps }) =>
      ResultAsync.fromSafePromise(
        deps.storage.subscriptions.get({ affiliateId: actor.affiliateId, id: params.id }),
      ).andThen((subscription) =>
        subscription
          ? okAsync({ status: 200, body: { success: true, data: toSubscriptionView(subscription) } })
          : errAsync(notFound('subscription')),
      ),
  }),
];
