import type { RecordOrderInput, Service } from '@affiliate-commerce/core';

/** The clock of the coupon report contract: ten days into a year, so the year boundary is near. */
export const couponContractNow = '2026-01-10T12:00:00.000Z';

/** The tenants of the coupon report contract, apart from those of other contracts. */
export const couponContractAffiliates = {
  main: 'aff_coupons',
  other: 'aff_coupons_other',
  moves: 'aff_coupons_moves',
} as const;

type OrderInput = RecordOrderInput['order'];
type RedemptionInput = NonNullable<OrderInput['couponRedemptions']>[number];

const pvA = [{ productVariationId: 'pv_a', quantity: 1, unitPriceCents: 10_000 }];

function coupon(
  code: string,
  discountType: 'percent' | 'fixed',
  discountAmount: number,
  discountCents: number,
  redeemedAt: string,
  extra: Partial<RedemptionInput> = {},
): RedemptionInput {
  return { code, discountType, discountAmount, discountCents, redeemedAt, ...extra };
}

function placed(
  id: string,
  createdAt: string,
  coupons: RedemptionInput[] = [],
  extra: Partial<OrderInput> = {},
) {
  return {
    id,
    status: 'paid',
    createdAt,
    totalCents: 9_000,
    products: pvA,
    couponRedemptions: coupons,
    ...extra,
  } as const;
}

/**
 * Orders around month and year boundaries, several given with non-UTC offsets, one code whose
 * terms changed, codes differing only in case, a code that looks like a spreadsheet formula, a
 * coupon redeemed after its order's month ended, and another tenant's data that must never show.
 * The expected answers in `coupon-report-contract.ts` are worked out by hand from this table.
 */
export const couponContractOrders: readonly OrderInput[] = [
  placed('o_nov', '2025-11-30T23:59:59.999Z', [
    coupon('SAVE10', 'percent', 10, 100, '2025-11-30T23:59:59.999Z'),
  ]),
  placed('o_dec1', '2025-12-01T00:00:00.000Z', [
    coupon('SAVE10', 'percent', 10, 200, '2025-12-01T00:00:00.000Z'),
  ]),
  placed('o_dec_last', '2025-12-31T23:59:59.999Z', [
    coupon('SAVE10', 'percent', 10, 500, '2025-12-31T23:59:59.999Z'),
  ]),
  // 01:30 at +02:00 is still 31 December in UTC.
  placed('o_dec_offset', '2026-01-01T01:30:00+02:00', [
    coupon('FLAT5', 'fixed', 5, 500, '2026-01-01T01:30:00+02:00'),
  ]),
  // Ordered in December, coupon redeemed in January.
  placed('o_late', '2025-12-31T23:00:00Z', [coupon('LATE', 'percent', 5, 250, '2026-01-01T00:30:00Z')]),
  placed('o_jan1', '2026-01-01T00:00:00.000Z', [
    coupon('SAVE10', 'percent', 10, 700, '2026-01-01T00:00:00.000Z'),
  ]),
  // 19:00 at -05:00 on 31 December is midnight of 1 January in UTC.
  placed('o_jan_offset', '2025-12-31T19:00:00-05:00', [
    coupon('SAVE10', 'percent', 10, 1_000, '2025-12-31T19:00:00-05:00'),
  ]),
  placed('o_plain', '2026-01-05T10:00:00+05:30', [], {
    campaignId: 'cmp_x',
    products: [{ productVariationId: 'pv_b', quantity: 1, unitPriceCents: 4_000 }],
  }),
  placed(
    'o_two',
    '2026-01-05T12:00:00Z',
    [
      coupon('SAVE10', 'percent', 10, 300, '2026-01-05T12:00:00Z'),
      coupon('FLAT5', 'fixed', 5, 500, '2026-01-05T12:00:00Z', { productVariationIds: ['pv_b'] }),
    ],
    {
      campaignId: 'cmp_x',
      products: [
        { productVariationId: 'pv_a', quantity: 1, unitPriceCents: 2_000 },
        { productVariationId: 'pv_b', quantity: 1, unitPriceCents: 1_000, isAddon: true },
      ],
    },
  ),
  // The coupon's campaign is not the order's (the order has none).
  placed('o_camp', '2026-01-06T00:00:00Z', [
    coupon('VIP', 'fixed', 20, 2_000, '2026-01-06T00:00:00Z', { campaignId: 'cmp_x' }),
  ]),
  placed('o_formula', '2026-01-07T09:00:00Z', [coupon('=cmd', 'fixed', 2.5, 250, '2026-01-07T09:00:00Z')], {
    currency: 'EUR',
  }),
  placed('o_terms', '2026-01-08T09:00:00Z', [coupon('SAVE10', 'percent', 15, 450, '2026-01-08T09:00:00Z')]),
  placed('o_lower', '2026-01-09T08:00:00Z', [coupon('save10', 'percent', 10, 100, '2026-01-09T08:00:00Z')]),
  placed('o_cancel', '2026-01-09T09:00:00Z', [coupon('SAVE10', 'percent', 10, 200, '2026-01-09T09:00:00Z')]),
  placed('o_now', couponContractNow),
  placed('o_future', '2026-01-10T12:00:00.001Z', [
    coupon('SAVE10', 'percent', 10, 999, '2026-01-10T12:00:00.001Z'),
  ]),
];

/** Records the contract's orders through `service.commerce`, so validation and storage both run. */
export async function recordCouponContractOrders(service: Service): Promise<void> {
  const { main, other } = couponContractAffiliates;
  for (const order of couponContractOrders) {
    await service.commerce.recordOrder({ affiliateId: main, order });
  }
  await service.commerce.setOrderStatus({
    affiliateId: main,
    orderId: 'o_cancel',
    status: 'cancelled',
  });
  await service.commerce.recordOrder({
    affiliateId: other,
    order: placed('o_x', '2026-01-03T00:00:00Z', [
      coupon('SAVE10', 'percent', 10, 5_000, '2026-01-03T00:00:00Z'),
    ]),
  });
}
