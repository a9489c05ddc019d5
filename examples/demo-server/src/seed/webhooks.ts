import type { Service } from '@affiliate-commerce/core';
import { createWebhook, rollbackWebhook } from '@affiliate-commerce/core/http';
import { unwrap } from './unwrap';

/**
 * One v2 webhook (new, signed) and one v1 webhook (legacy: created, then rolled back as the
 * master token would) for `aff_demo`. Their secrets are not printed: rotate one to see it.
 *
 * @returns the ids of the v2 and the v1 webhook
 */
export async function seedWebhooks(service: Service): Promise<{ v2: string; v1: string }> {
  const v2 = unwrap(
    await createWebhook(service.deps, {
      affiliateId: 'aff_demo',
      input: {
        name: 'Order and journey events (v2)',
        url: 'https://example.com/hooks/affiliate-v2',
        webhookInterests: ['order_created', 'subscription_renewed', 'journey_completed', 'journey_abandoned'],
      },
    }),
  );
  const v1 = unwrap(
    await createWebhook(service.deps, {
      affiliateId: 'aff_demo',
      input: {
        name: 'Legacy order feed (v1)',
        url: 'https://example.com/hooks/affiliate-v1',
        webhookInterests: ['order_created', 'order_status_changed'],
      },
    }),
  );
  unwrap(await rollbackWebhook(service.deps, { id: v1.webhook.id }));
  return { v2: v2.webhook.id, v1: v1.webhook.id };
}
