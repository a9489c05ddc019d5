/** How often a subscription renews; setRenewalDate never changes it (docs/api.md §3.2). */
export interface Cadence {
  readonly interval: 'day' | 'week' | 'month' | 'year';
  readonly count: number;
}

/** A subscription as the host's commerce back end records it. */
export interface Subscription {
  readonly id: string;
  readonly affiliateId: string;
  readonly status: string;
  readonly cadence: Cadence;
  readonly nextBillingDate: Date;
  readonly endDate?: Date;
  readonly patientId?: string;
  /** The order that started the subscription; renewals inherit its attribution (docs/api.md §2.8 rule 2). */
  readonly parentOrderId?: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * Storage of subscriptions. Every read and write names the affiliate, so another tenant's id
 * is simply not found.
 */
export interface SubscriptionStore {
  upsert(input: { subscription: Subscription }): Promise<void>;
  get(input: { affiliateId: string; id: string }): Promise<Subscription | undefined>;
  /**
   * Compare-and-set of the renewal date: moves `nextBillingDate` from `from` to `to` and
   * `endDate` (when present) by the same amount. Returns the updated record, or undefined when
   * the subscription is missing or its date is no longer `from` (a concurrent change).
   */
  moveRenewal(input: {
    affiliateId: string;
    id: string;
    from: Date;
    to: Date;
    updatedAt: Date;
  }): Promise<Subscription | undefined>;
}
