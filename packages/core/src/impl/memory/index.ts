export { memoryAffiliateStore } from './memory-affiliate-store';
export { memoryBillingStore } from './memory-billing-store';
export { memoryCaseStore, memorySupportStore } from './memory-case-store';
export { memoryCouponReportStore } from './memory-coupon-report-store';
export { memoryDeliveryStore } from './memory-delivery-store';
export { memoryJourneyStore } from './memory-journey-store';
export { memoryOrderStore } from './memory-order-store';
export { memoryPatientStore } from './memory-patient-store';
export { memoryRecordStore } from './memory-record-store';
export {
  emptyMemoryState,
  type MemoryState,
  type StoredAttemptHour,
  type StoredCouponRedemption,
  scopedKey,
} from './memory-state';
export { memoryStorage } from './memory-storage';
export { memorySubscriptionStore } from './memory-subscription-store';
export { memoryWebhookStore } from './memory-webhook-store';
