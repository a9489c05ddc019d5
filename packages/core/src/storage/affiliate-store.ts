/** An affiliate (merchant) and its per-affiliate settings. */
export interface Affiliate {
  readonly id: string;
  readonly name: string;
  /** Whether the ecommerce module is enabled; the coupon report answers 400 when it is not. */
  readonly ecommerceEnabled: boolean;
  readonly createdAt: Date;
}

/** Storage of affiliates. */
export interface AffiliateStore {
  upsert(input: { affiliate: Affiliate }): Promise<void>;
  get(input: { affiliateId: string }): Promise<Affiliate | undefined>;
}
