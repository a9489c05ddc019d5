import type { AffiliateStore } from './affiliates/affiliate-store';
import type { SubscriptionStore } from './subscriptions/subscription-store';

/**
 * The storage port: one store per domain area, every method scoped by `affiliateId`, plus
 * transactions so a record and the events it emits are written together or not at all.
 *
 * @example
 * await storage.transaction(async (tx) => {
 *   await tx.subscriptions.upsert({ subscription });
 * });
 */
export interface Storage {
  readonly affiliates: AffiliateStore;
  readonly subscriptions: SubscriptionStore;
  /** Runs `fn` in one transaction; a throw rolls everything back. Nested calls join the outer one. */
  transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T>;
  /** Releases connections. */
  close(): Promise<void>;
}
