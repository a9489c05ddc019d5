import { memoryAffiliateStore } from '../affiliates/memory-affiliate-store';
import { memoryBillingStore } from '../billing/memory-billing-store';
import { memoryCouponReportStore } from '../coupons/memory-coupon-report-store';
import { memoryDeliveryStore } from '../deliveries/memory-delivery-store';
import { memoryJourneyStore } from '../journeys/memory-journey-store';
import { memoryOrderStore } from '../orders/memory-order-store';
import { memoryPatientStore } from '../patients/memory-patient-store';
import { memoryRecordStore } from '../records/memory-record-store';
import type { Storage } from '../storage';
import { memorySubscriptionStore } from '../subscriptions/memory-subscription-store';
import { memorySupportStore } from '../support/memory-support-store';
import { memoryWebhookStore } from '../webhooks/memory-webhook-store';
import { emptyMemoryState, type MemoryState } from './memory-state';

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
    support: memorySupportStore(state),
  };

  const inTransaction: Storage = {
    ...stores,
    transaction: (fn) => fn(inTransaction),
    close: async () => {},
  };

  return {
    ...stores,
    transaction<T>(fn: (tx: Storage) => Promise<T>): Promise<T> {
      const run = queue.then(async () => {
        const snapshot = structuredClone(state);
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
