import { z } from 'zod';
import type { ProcessorPaymentMethod } from './processor';

const last4 = z.string().regex(/^\d{4}$/);
const name = z.string().min(1).optional();

/** `paymentMethodDetails` of a card (docs/api.md §2.4); strict, so a bank-account key cannot slip in. */
export const cardDetailsSchema = z.strictObject({
  type: z.literal('card'),
  last4,
  isDefault: z.boolean(),
  name,
  cardBrand: z.string().min(1),
  expMonth: z.int().min(1).max(12),
  expYear: z.int().min(1000).max(9999),
  postalCode: z.string().min(1).optional(),
});

/** `paymentMethodDetails` of a US bank account (docs/api.md §2.4); strict, so a card key cannot slip in. */
export const bankAccountDetailsSchema = z.strictObject({
  type: z.literal('us_bank_account'),
  last4,
  isDefault: z.boolean(),
  name,
  bankName: z.string().min(1).optional(),
  accountType: z.enum(['checking', 'savings']).optional(),
});

/**
 * The payment-method response shape of docs/api.md §2.4, as it sits under `data`: the card shape or
 * the bank-account shape, chosen by `paymentMethodDetails.type`. Optional keys are absent when
 * the processor has no value for them; they are never `null`.
 *
 * @example
 * responses: { 201: { description: 'Added.', schema: z.object({ success: z.literal(true), data: paymentMethodViewSchema }) } }
 */
export const paymentMethodViewSchema = z.strictObject({
  paymentMethodId: z.string().startsWith('pm_'),
  billingProfileId: z.string().min(1),
  paymentMethodDetails: z.discriminatedUnion('type', [cardDetailsSchema, bankAccountDetailsSchema]),
});

/** A payment method as the API answers it (docs/api.md §2.4). */
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/** Drops keys whose value is `undefined`, so that absent values are absent keys in JSON and in `toEqual`. */
function definedOnly<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** An empty optional text is no value: processors store `''` for a name nobody typed. */
const text = (value: string | undefined): string | undefined => (value === '' ? undefined : value);

/**
 * Maps a processor method to the docs/api.md §2.4 response shape. Fields are picked one by one per
 * type, so a card never carries bank-account keys and a bank account never carries card keys,
 * whatever else the input object holds.
 *
 * @example
 * toPaymentMethodView({ method: card, billingProfileId: 'bp_1', isDefault: true });
 * // { paymentMethodId: 'pm_card_visa', billingProfileId: 'bp_1',
 * //   paymentMethodDetails: { type: 'card', last4: '4242', isDefault: true, cardBrand: 'visa', expMonth: 12, expYear: 2034 } }
 */
export function toPaymentMethodView(input: {
  method: ProcessorPaymentMethod;
  billingProfileId: string;
  isDefault: boolean;
}): PaymentMethodView {
  const { method, billingProfileId, isDefault } = input;
  const paymentMethodDetails =
    method.type === 'card'
      ? definedOnly({
          type: 'card' as const,
          last4: method.last4,
          isDefault,
          name: text(method.name),
          cardBrand: method.brand,
          expMonth: method.expMonth,
          expYear: method.expYear,
          postalCode: text(method.postalCode),
        })
      : definedOnly({
          type: 'us_bank_account' as const,
          last4: method.last4,
          isDefault,
          name: text(method.name),
          bankName: text(method.bankName),
          accountType: method.accountType,
        });
  return { paymentMethodId: method.id, billingProfileId, paymentMethodDetails };
}
