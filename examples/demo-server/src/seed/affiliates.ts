import type { Service } from '@affiliate-commerce/core';
import { unwrap } from './unwrap';

/** The two demo tenants. */
export async function seedAffiliates(service: Service): Promise<void> {
  unwrap(
    await service.affiliates.upsert({ id: 'aff_demo', name: 'Demo Wellness Co.', ecommerceEnabled: true }),
  );
  unwrap(
    await service.affiliates.upsert({ id: 'aff_other', name: 'Other Merchant Inc.', ecommerceEnabled: true }),
  );
}
