import type { BankAccountType, DomainError, ProcessorPaymentMethod } from '@affiliate-commerce/core';
import { paymentMethodAttachmentFailed, unsupportedPaymentMethodType } from '@affiliate-commerce/core/http';
import { err, ok, type Result } from 'neverthrow';
import type Stripe from 'stripe';

/** Stripe's null and an empty string both mean "no value"; the port leaves such keys out. */
const value = (text: string | null | undefined): string | undefined => (text ? text : undefined);

/** Stripe may add account types; docs/api.md §2.4 knows two, and any other is left out. */
const bankAccountType = (type: string | null): BankAccountType | undefined =>
  type === 'checking' || type === 'savings' ? type : undefined;

/**
 * The id of an expandable field, whether Stripe sent the id or the expanded object.
 *
 * @example idOf(customer.invoice_settings.default_payment_method) // 'pm_123' or undefined
 */
export const idOf = (field: string | { id: string } | null | undefined): string | undefined =>
  typeof field === 'string' ? field : field?.id;

/**
 * Normalises a Stripe PaymentMethod to the port's card or bank-account shape. Any other type
 * (`sepa_debit`, `link`, ...) is `PAYMENT_METHOD_ATTACHMENT_FAILED`, as is a bank account whose
 * account number is not known yet, since docs/api.md §2.4 needs its last four digits.
 *
 * @example
 * paymentMethodFromStripe(await stripe.paymentMethods.retrieve('pm_123'))
 * // ok({ id: 'pm_123', type: 'card', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })
 */
export function paymentMethodFromStripe(
  method: Stripe.PaymentMethod,
): Result<ProcessorPaymentMethod, DomainError> {
  const customerId = idOf(method.customer);
  const owner = customerId ? { customerId } : {};
  const name = value(method.billing_details?.name);
  if (method.type === 'card' && method.card) {
    const postalCode = value(method.billing_details?.address?.postal_code);
    return ok({
      id: method.id,
      type: 'card',
      ...owner,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
      ...(postalCode ? { postalCode } : {}),
      ...(name ? { name } : {}),
    });
  }
  if (method.type === 'us_bank_account' && method.us_bank_account) {
    const { bank_name, last4, account_type } = method.us_bank_account;
    if (!last4)
      return err(paymentMethodAttachmentFailed('the bank account has no verified account number yet.'));
    const bankName = value(bank_name);
    const accountType = bankAccountType(account_type);
    return ok({
      id: method.id,
      type: 'us_bank_account',
      ...owner,
      ...(bankName ? { bankName } : {}),
      last4,
      ...(accountType ? { accountType } : {}),
      ...(name ? { name } : {}),
    });
  }
  return err(unsupportedPaymentMethodType(method.type));
}
