import type { Service } from '@affiliate-commerce/core';
import { seedAffiliates } from './affiliates';
import { seedJourneys } from './journeys';
import { seedOrders } from './orders';
import { seedSubscriptions } from './subscriptions';
import { seedWebhooks } from './webhooks';

/**
 * Seeds the demo data once: when `aff_demo` already exists (a restart on kept `.data`), nothing
 * is written again.
 *
 * @returns true when it seeded
 */
export async function seedDemo(service: Service): Promise<boolean> {
  if (await service.deps.storage.affiliates.get({ affiliateId: 'aff_demo' })) return false;
  const now = service.deps.clock.now();
  await seedAffiliates(service);
  await seedSubscriptions(service, now);
  await seedOrders(service, now);
  await seedWebhooks(service);
  await seedJourneys(service);
  return true;
}
