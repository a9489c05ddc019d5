import { z } from 'zod';
import { orderStatuses } from '../../storage/order-store';

/**
 * A record identifier sent by the host: 1 to 200 characters, no control characters (PostgreSQL
 * refuses NUL) and no unpaired surrogates (they cannot be stored as UTF-8).
 */
export const recordId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\p{Cc}\p{Cs}]+$/u, 'must not contain control characters or unpaired surrogates');

/** Money in integer cents, never negative. */
export const cents = z
  .number({ error: 'must be a number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(Number.MAX_SAFE_INTEGER, 'is too large');

const isoInstant = z.iso.datetime({ offset: true });

const inYears = (date: Date) =>
  !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1000 && date.getUTCFullYear() <= 9999;

/**
 * A point in time: a `Date`, or an ISO 8601 timestamp that names its offset (`Z` or `+05:30`),
 * in the years 1000 to 9999 (what every storage writes as a four-digit year). A timestamp with no
 * offset is refused, because it would mean a different instant on every server.
 */
export const instant = z.unknown().transform((value, ctx): Date => {
  if (value instanceof Date && inYears(value)) return value;
  if (typeof value === 'string' && isoInstant.safeParse(value).success) {
    const parsed = new Date(value);
    if (inYears(parsed)) return parsed;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      value === undefined
        ? 'is required'
        : 'must be an ISO 8601 timestamp with an offset in the years 1000 to 9999, e.g. 2026-11-23T10:00:00Z',
  });
  return z.NEVER;
});

const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const productInput = z.strictObject({
  productVariationId: recordId,
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
  unitPriceCents: cents,
  isAddon: z.boolean().default(false),
});

const couponCode = z
  .string()
  .min(1)
  .max(100)
  .regex(
    /^[^\p{Cc}\p{Cs}\s](?:[^\p{Cc}\p{Cs}]*[^\p{Cc}\p{Cs}\s])?$/u,
    'must not start or end with whitespace, nor contain control characters or unpaired surrogates',
  );

const redemptionInput = z.strictObject({
  /** Optional: defaults to `<orderId>_coupon_<n>` so re-recording the same order keeps the same ids. */
  id: recordId.optional(),
  code: couponCode,
  discountType: z.enum(['percent', 'fixed']),
  discountAmount: z
    .number()
    .min(0, 'must not be negative')
    .max(9_999_999_999.99, 'is too large')
    .refine(hundredths, 'must have at most two decimals'),
  discountCents: cents,
  redeemedAt: instant,
  /** Defaults to the order's campaign. */
  campaignId: recordId.optional(),
  /** Defaults to every product variation of the order; must be among them. */
  productVariationIds: z.array(recordId).max(500).optional(),
});

/** What the host's commerce back end sends to record an order with its coupon redemptions. */
export const recordOrderInput = z.strictObject({
  affiliateId: recordId,
  order: z
    .strictObject({
      /** Optional: generated (`ord_...`) when absent. Recording an existing id replaces that order. */
      id: recordId.optional(),
      status: z.enum(orderStatuses).default('pending'),
      /** When the order was placed; defaults to the stored value, else to now. */
      createdAt: instant.optional(),
      patientId: recordId.optional(),
      journeyId: recordId.optional(),
      subscriptionId: recordId.optional(),
      parentOrderId: recordId.optional(),
      isRenewal: z.boolean().default(false),
      cycleNumber: z
        .number()
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(100_000)
        .optional(),
      totalCents: cents,
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code in upper case, like USD')
        .default('USD'),
      products: z.array(productInput).max(500).default([]),
      campaignId: recordId.optional(),
      couponRedemptions: z.array(redemptionInput).max(100).default([]),
    })
    .superRefine((order, ctx) => {
      const variations = new Set(order.products.map((product) => product.productVariationId));
      order.couponRedemptions.forEach((redemption, index) => {
        const path = ['couponRedemptions', index];
        if (redemption.discountType === 'percent' && redemption.discountAmount > 100) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'discountAmount'],
            message: 'must be at most 100 (percent)',
          });
        }
        redemption.productVariationIds?.forEach((variation, at) => {
          if (!variations.has(variation)) {
            ctx.addIssue({
              code: 'custom',
              path: [...path, 'productVariationIds', at],
              message: 'must be a product variation of this order',
            });
          }
        });
      });
    }),
});

/** Input of `service.commerce.recordOrder`. */
export type RecordOrderInput = z.input<typeof recordOrderInput>;

/** Input of `service.commerce.setOrderStatus`. */
export const setOrderStatusInput = z.strictObject({
  affiliateId: recordId,
  orderId: recordId,
  status: z.enum(orderStatuses),
});

/** Input of `service.commerce.setOrderStatus`. */
export type SetOrderStatusInput = z.input<typeof setOrderStatusInput>;
