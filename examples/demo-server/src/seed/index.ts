import type { Service } from '@affiliate-commerce/core';
import { seedAffiliates } from './affiliates';
import { seedJourneys } from './journeys';
import { seedOrders } from './orders';
import { pointReceiverWebhooks, seedReceiverWebhooks } from './receiver-webhooks';
import { seedSubscriptions } from './subscriptions';
import { seedWebhooks } from './webhooks';

/**
 * Seeds the demo data once: when `aff_demo` already exists (a restart on kept `.data`), nothing
 * is written again, but the webhooks on the demo's own receiver are pointed at `baseUrl` again.
 *
 * @param baseUrl where the demo listens; its receiver webhooks point there
 * @returns true when it seeded
 */
export async function seedDemo(service: Service, baseUrl = 'http://localhost:3000'): Promise<boolean> {
  if (await service.deps.storage.affiliates.get({ affiliateId: 'aff_demo' })) {
    await pointReceiverWebhooks(service, baseUrl);
    return false;
  }
  const now = service.deps.clock.now();
  await seedAffiliates(service);
  await seedSubscriptions(service, now);
  await seedOrders(service, now);
  await seedWebhooks(service);
  await seedReceiverWebhooks(service, baseUrl);
  await seedJourneys(service);
  return true;
}
