import type { Service } from '@affiliate-commerce/core';

/** The two demo tenants. */
export async function seedAffiliates(service: Service): Promise<void> {
  await service.affiliates.upsert({ id: 'aff_demo', name: 'Demo Wellness Co.', ecommerceEnabled: true });
  await service.affiliates.upsert({ id: 'aff_other', name: 'Other Merchant Inc.', ecommerceEnabled: true });
}
