import type { Storage } from '../../storage/storage';
import { memoryAffiliateStore } from './memory-affiliate-store';
import { memoryBillingStore } from './memory-billing-store';
import { memoryCaseStore } from './memory-case-store';
import { memoryCouponReportStore } from './memory-coupon-report-store';
import { memoryDeliveryStore } from './memory-delivery-store';
import { memoryJourneyStore } from './memory-journey-store';
import { memoryOrderStore } from './memory-order-store';
import { memoryPatientStore } from './memory-patient-store';
import { memoryRecordStore } from './memory-record-store';
import { emptyMemoryState, type MemoryState } from './memory-state';
import { memorySubscriptionStore } from './memory-subscription-store';
import { memoryWebhookStore } from './memory-webhook-store';

/**
 * Storage held in memory: for tests, and for embedding where nothing must survive a restart.
 * Transactions run one at a time and roll back to a snapshot when their callback throws.
 *
 * @example
 * const service = createService({ storage: memoryStorage(), auth, clock, ids });
 */
export function memoryStorage(): Storage {
  const state: MemoryState = emptyMemoryState();
  let queue: Promise<unknown> = Promise.resolve();

  const stores = {
    affiliates: memoryAffiliateStore(state),
    subscriptions: memorySubscriptionStore(state),
    orders: memoryOrderStore(state),
    journeys: memoryJourneyStore(state),
    coupons: memoryCouponReportStore(state),
    webhooks: memoryWebhookStore(state),
    deliveries: memoryDeliveryStore(state),
    billing: memoryBillingStore(state),
    patients: memoryPatientStore(state),
    records: memoryRecordStore(state),
    cases: memoryCaseStore(state),
  };

  // Nothing to reach and nothing to migrate.
  const check = async () => ({ missingMigrations: [], unknownMigrations: [] });
  const inTransaction: Storage = {
    ...stores,
    check,
    transaction: (fn) => fn(inTransaction),
    close: async () => {},
  };

  return {
    ...stores,
    check,
    transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        const snapshot = snapshotOf(state);
        try {
          return await fn(inTransaction);
        } catch (error) {
          Object.assign(state, snapshot);
          throw error;
        }
      });
      queue = run.catch(() => undefined);
      return run;
    },
    close: async () => {},
  };
}

/**
 * What a failed transaction puts back: a copy of each collection, not of the records in it. Stores
 * replace a record to change it and never change one in place, so the old records are still
 * whole; copying the records too made every transaction cost as much as everything stored.
 */
function snapshotOf(state: MemoryState): MemoryState {
  const snapshot: Record<string, unknown> = {};
  for (const [name, collection] of Object.entries(state))
    snapshot[name] = Array.isArray(collection)
      ? [...collection]
      : new Map(collection as Map<unknown, unknown>);
  return snapshot as unknown as MemoryState;
}
