import type { Service } from '@affiliate-commerce/core';

const day = 86_400_000;

/** A few subscriptions with and without endDate, billing in the coming weeks. */
export async function seedSubscriptions(service: Service, now: Date): Promise<void> {
  const at = (days: number) =>
    new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + days * day + 9.5 * 3_600_000,
    );
  const monthly = { interval: 'month', count: 1 } as const;
  const rows = [
    {
      affiliateId: 'aff_demo',
      subscription: { id: 'sub_demo_monthly', cadence: monthly, nextBillingDate: at(12) },
    },
    {
      affiliateId: 'aff_demo',
      subscription: { id: 'sub_demo_with_end', cadence: monthly, nextBillingDate: at(5), endDate: at(185) },
    },
    {
      affiliateId: 'aff_demo',
      subscription: {
        id: 'sub_demo_quarterly',
        cadence: { interval: 'month', count: 3 } as const,
        nextBillingDate: at(40),
      },
    },
    {
      affiliateId: 'aff_other',
      subscription: { id: 'sub_other_monthly', cadence: monthly, nextBillingDate: at(8) },
    },
  ];
  for (const row of rows) await service.commerce.recordSubscription(row);
}
