import type { AffiliateStore } from './affiliate-store';
import type { BillingStore } from './billing-store';
import type { CaseStore } from './case-store';
import type { CouponReportStore } from './coupon-report-store';
import type { DeliveryStore } from './delivery-store';
import type { JourneyStore } from './journey-store';
import type { OrderStore } from './order-store';
import type { PatientStore } from './patient-store';
import type { RecordStore } from './record-store';
import type { SubscriptionStore } from './subscription-store';
import type { WebhookStore } from './webhook-store';

/** How {@link Storage.transaction} runs `fn`. */
export interface TransactionOptions {
  /**
   * Run as if no other transaction ran at the same time, for a read-modify-write. On the
   * PostgreSQL server this is serializable isolation: when a concurrent transaction conflicts,
   * this one is rolled back and `fn` runs again from the start (a few times, after a short random
   * pause), so `fn` must touch nothing but `tx` — no processor or case-system calls inside.
   * Storages that run one transaction at a time (memory, PGlite) already give this.
   */
  readonly serializable?: boolean;
  /**
   * Hold a lock on this key until the transaction ends, so transactions naming the same key run
   * one after another (on PostgreSQL an advisory lock, taken with BEGIN in one round trip). The
   * cheaper way to make a read-modify-write of one record safe: read it after the lock, under
   * the default isolation, with no conflicts to retry. Name the record, e.g.
   * `order:${affiliateId}:${id}`. Storages that run one transaction at a time need no lock.
   */
  readonly lock?: string;
}

/**
 * The {@link TransactionOptions.lock} key of one record: writers of the same record take the
 * same key, whichever call they come through.
 *
 * @example
 * await storage.transaction(fn, { lock: recordLock('order', 'aff_1', 'ord_1') });
 */
export const recordLock = (kind: string, affiliateId: string, id: string): string =>
  `${kind}\u0000${affiliateId}\u0000${id}`;

/** What {@link Storage.check} found. */
export interface StorageCheck {
  /** Shipped migrations the database lacks (always empty where nothing is migrated, as in memory). */
  readonly missingMigrations: readonly number[];
  /** Migrations the database has that this code does not ship (a newer release migrated it). */
  readonly unknownMigrations: readonly number[];
}

/**
 * A transaction the host opened on its own database connection, handed to
 * `service.inTransaction` so host calls write in it: committed with the host's own rows, or rolled
 * back with them. A storage implementation's adapters make it from the host's client
 * (`@affiliate-commerce/storage-postgres`: `pgTransaction`, `drizzleTransaction`, `knexTransaction`,
 * and more); only that implementation reads what it holds.
 */
export interface HostTransaction {
  /** The storage implementation whose adapters made it, e.g. `postgres`. */
  readonly storageKind: string;
}

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
  readonly orders: OrderStore;
  /** Journey templates, visitor touches and journeys (docs/api.md §2.8, §4.9). */
  readonly journeys: JourneyStore;
  readonly coupons: CouponReportStore;
  readonly webhooks: WebhookStore;
  readonly deliveries: DeliveryStore;
  readonly billing: BillingStore;
  readonly patients: PatientStore;
  readonly records: RecordStore;
  /** Synced request types and support cases (docs/api.md §4.1, §4.3). */
  readonly cases: CaseStore;
  /** Runs `fn` in one transaction; a throw rolls everything back. Nested calls join the outer one. */
  transaction<T>(fn: (tx: Storage) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * This storage inside a transaction the host opened (`service.inTransaction`): its stores write
   * in that transaction, which the host commits or rolls back; `transaction` runs each host call
   * in a part of it that a failure undoes alone (a savepoint), and never commits, retries or
   * changes the isolation level. Left out by storages that cannot join one (memory): the call then
   * rejects with `TRANSACTION_UNSUPPORTED`. Rejects with `TRANSACTION_UNSUPPORTED` for a
   * transaction another implementation's adapters made.
   */
  join?(transaction: HostTransaction): Storage;
  /** One cheap round trip for health checks: rejects when storage cannot be reached; reports migrations. */
  check(): Promise<StorageCheck>;
  /** Releases connections. */
  close(): Promise<void>;
}
