import type { ResultAsync } from 'neverthrow';
import { type DomainError, paymentMethodAttachmentFailed } from '../../base/errors';

/**
 * The payment-processor port (docs/api.md §1, §4.4, §4.8): the processor that holds the billing profile's
 * customer and its payment methods. Its shape follows Stripe's Customers, PaymentMethods and
 * SetupIntents so that the real adapter is a thin translation and the sandbox behaves like the
 * real thing. Every method takes one object argument and never throws; failures come back as:
 * - `PAYMENT_METHOD_CANNOT_BE_REUSED`: the method was detached from a customer earlier;
 * - `PAYMENT_METHOD_ATTACHMENT_FAILED`: any other refusal (declined card, unknown method or
 *   customer, method attached to another customer, unsupported method type); an unknown method
 *   and another customer's get the very same error ({@link unknownPaymentMethod});
 * - `UPSTREAM_UNAVAILABLE`: the processor is down, answered 5xx, timed out or refused our
 *   credentials.
 *
 * @example
 * const { customerId } = (await processor.createCustomer({ billingProfileId: 'bp_1', affiliateId: 'aff_1' }))._unsafeUnwrap();
 * const card = await processor.attachPaymentMethod({ customerId, paymentMethodId: 'pm_card_visa' });
 */
export interface PaymentProcessor {
  /**
   * Creates the processor customer of a billing profile, tagged with the billing profile and
   * affiliate ids. Every call creates a new customer: the caller stores the id on the billing
   * profile and calls this once per profile.
   */
  createCustomer(input: {
    billingProfileId: string;
    affiliateId: string;
    name?: string;
  }): ResultAsync<{ customerId: string }, DomainError>;
  /**
   * Starts the bank-account flow (docs/api.md §4.8.9 `POST /ach-setup-intent`): a setup intent for
   * `us_bank_account` on the customer, verified through Financial Connections with the
   * `payment_method` permission, for off-session use. The client finishes it with the
   * processor's client library and `clientSecret`; the account is then attached to the customer.
   */
  createAchSetupIntent(input: { customerId: string }): ResultAsync<AchSetupIntent, DomainError>;
  /**
   * Attaches a method to the customer and returns it. Attaching a method already attached to
   * this customer changes nothing and returns it (idempotent); one attached to another customer
   * stays where it is and is refused exactly as an unknown one ({@link attachedToAnotherCustomer}).
   */
  attachPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): ResultAsync<ProcessorPaymentMethod, DomainError>;
  /**
   * Reads a method, including the customer it is attached to, so a bank account attached by the
   * setup-intent flow can be checked to belong to this customer before it is registered. An
   * unknown method is {@link unknownPaymentMethod}.
   */
  retrievePaymentMethod(input: { paymentMethodId: string }): ResultAsync<ProcessorPaymentMethod, DomainError>;
  /**
   * Makes an attached method the customer's default (Stripe `invoice_settings.default_payment_method`).
   * A method not attached to this customer is `PAYMENT_METHOD_ATTACHMENT_FAILED`.
   */
  setDefaultPaymentMethod(input: {
    customerId: string;
    paymentMethodId: string;
  }): ResultAsync<void, DomainError>;
  /** The customer's default method; `paymentMethodId` is absent when it has none. */
  getDefaultPaymentMethod(input: {
    customerId: string;
  }): ResultAsync<{ paymentMethodId?: string }, DomainError>;
}

/** The status of a setup intent, with Stripe's names. */
export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

/** What the client needs to finish the bank-account flow (docs/api.md §4.8.9). */
export interface AchSetupIntent {
  /** The processor's id, `seti_...`. */
  readonly setupIntentId: string;
  /** The secret the processor's client library takes; give it to this customer's client only. */
  readonly clientSecret: string;
  /**
   * `requires_payment_method` for a new intent. Typed open-ended, as Stripe types it, since the
   * processor may add statuses.
   */
  readonly status: SetupIntentStatus | (string & Record<never, never>);
}

/** A card at the processor, normalised. Keys with no value are absent, never null. */
export interface ProcessorCard {
  readonly id: string;
  readonly type: 'card';
  /** The customer it is attached to; absent while it is attached to none. */
  readonly customerId?: string;
  /** Brand label as the processor names it: `visa`, `mastercard`, `amex`, ... */
  readonly brand: string;
  /** Last four digits, as a string (leading zeros kept). */
  readonly last4: string;
  /** 1 to 12. */
  readonly expMonth: number;
  /** Four digits. */
  readonly expYear: number;
  /** Billing postal code. */
  readonly postalCode?: string;
  /** Cardholder name. */
  readonly name?: string;
}

/** A US bank account at the processor, normalised. Keys with no value are absent, never null. */
export interface ProcessorBankAccount {
  readonly id: string;
  readonly type: 'us_bank_account';
  /** The customer it is attached to; absent while it is attached to none. */
  readonly customerId?: string;
  readonly bankName?: string;
  /** Last four digits of the account number, as a string. */
  readonly last4: string;
  /** Absent when the processor does not know it (an account entered by hand without a type). */
  readonly accountType?: BankAccountType;
  /** Account holder name. */
  readonly name?: string;
}

/** The kinds of US bank account docs/api.md §2.4 names. */
export type BankAccountType = 'checking' | 'savings';

/** A payment method at the processor: a card or a US bank account, never a mix of the two. */
export type ProcessorPaymentMethod = ProcessorCard | ProcessorBankAccount;

/** The method types docs/api.md §4.4 accepts, in the order the API documents them. */
export const paymentMethodTypes = ['card', 'us_bank_account'] as const;

/** `card` or `us_bank_account`. */
export type PaymentMethodType = (typeof paymentMethodTypes)[number];

/**
 * The refusal for a method the processor does not know. It is word for word the refusal for a
 * method of another customer ({@link attachedToAnotherCustomer}), and names no id: any
 * difference would tell one affiliate which method ids exist at another. What really happened
 * goes in `cause`, which the kernel logs and never sends.
 *
 * @example unknownPaymentMethod().message // 'The payment processor refused the payment method: No such payment method for this billing profile.'
 */
export const unknownPaymentMethod = (cause?: unknown): DomainError =>
  paymentMethodAttachmentFailed('No such payment method for this billing profile.', cause);

/**
 * The refusal for a method attached to another customer: the same body as for an unknown method
 * ({@link unknownPaymentMethod}), so the answer never shows that the id exists. The host's log
 * still tells the two apart.
 *
 * @example attachedToAnotherCustomer('pm_1').message === unknownPaymentMethod().message // true
 */
export const attachedToAnotherCustomer = (paymentMethodId: string): DomainError =>
  unknownPaymentMethod(new Error(`${paymentMethodId} is attached to another customer`));

/**
 * The refusal for a method of a type docs/api.md §4.4 does not take (`sepa_debit`, `link`, ...).
 *
 * @example unsupportedPaymentMethodType('sepa_debit').code // 'PAYMENT_METHOD_ATTACHMENT_FAILED'
 */
export const unsupportedPaymentMethodType = (type: string): DomainError =>
  paymentMethodAttachmentFailed(
    `payment methods of type ${type} are not supported; use card or us_bank_account.`,
  );
