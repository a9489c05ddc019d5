import type { ProcessorBankAccount, ProcessorCard } from '../ports/payments/processor';

/**
 * The billing profile of an affiliate: one per affiliate, holding the processor customer that
 * owns its payment methods (docs/api.md §1, §2.4).
 */
export interface BillingProfile {
  /** The internal `billingProfileId` of docs/api.md §2.4, `bp_...`. */
  readonly id: string;
  readonly affiliateId: string;
  /**
   * The processor customer, created on first use. Absent until then, and absent again only if
   * a first creation failed: the profile row is written before the customer exists.
   */
  readonly customerId?: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * A method's details as the processor returned them when it was registered, without the
 * customer (the profile names it).
 */
export type PaymentMethodDetails =
  | Omit<ProcessorCard, 'customerId'>
  | Omit<ProcessorBankAccount, 'customerId'>;

/** A payment method registered in a billing profile. */
export interface StoredPaymentMethod {
  readonly affiliateId: string;
  readonly billingProfileId: string;
  /** `method.id` is the processor's id, the one the processor returned (never a test token). */
  readonly method: PaymentMethodDetails;
  /** At most one method of a profile is the default. */
  readonly isDefault: boolean;
  readonly createdAt: Date;
}

/**
 * Storage of billing profiles and their payment methods. Every method names the affiliate, so
 * another tenant's method is simply not found.
 */
export interface BillingStore {
  getProfile(input: { affiliateId: string }): Promise<BillingProfile | undefined>;
  /**
   * Inserts `profile` unless its affiliate already has one, then returns the affiliate's profile
   * locked until the surrounding transaction ends (`SELECT ... FOR UPDATE` on PostgreSQL). Call it
   * inside `storage.transaction`: concurrent callers for one affiliate then run one after the
   * other, and the second sees what the first wrote (its customer, its methods).
   */
  lockProfile(input: { profile: BillingProfile }): Promise<BillingProfile>;
  /**
   * Stores the processor customer on a profile that has none yet. False when the profile does
   * not exist, belongs to another affiliate, or already has a customer (which is then kept).
   */
  setCustomer(input: {
    affiliateId: string;
    billingProfileId: string;
    customerId: string;
    updatedAt: Date;
  }): Promise<boolean>;
  /** The affiliate's methods, oldest first (ties by id). */
  listMethods(input: { affiliateId: string }): Promise<StoredPaymentMethod[]>;
  getMethod(input: {
    affiliateId: string;
    paymentMethodId: string;
  }): Promise<StoredPaymentMethod | undefined>;
  /** Inserts a method unless the affiliate already has one with that id; true when it inserted. */
  insertMethod(input: { method: StoredPaymentMethod }): Promise<boolean>;
  /**
   * Makes one of the affiliate's methods the default and every other one not. False (and
   * nothing changed) when the affiliate has no method with that id.
   */
  setDefaultMethod(input: { affiliateId: string; paymentMethodId: string }): Promise<boolean>;
}
